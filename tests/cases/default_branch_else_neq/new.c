#ifndef CFG_A
#define CFG_A 0
#else
#define BONUS 5
#endif
int f(int x)
{
#ifdef BONUS
    return x + BONUS;
#else
    return x + 1;
#endif
}
