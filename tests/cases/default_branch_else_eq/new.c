#ifndef CFG_A
#define CFG_A 0
#else
#define BONUS 5
#endif
int f(int x)
{
#ifdef BONUS
    return x + 5;
#else
    return x;
#endif
}
