#ifndef CFG_A
#define CFG_A 0
#endif
#ifndef CFG_A
static const int K = 2;
#else
static const int K = 100;
#endif
int f(int x)
{
#ifdef CFG_A
    return x + K;
#else
    return x + 1 + K;
#endif
}
