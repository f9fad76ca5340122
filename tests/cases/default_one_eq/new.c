#ifndef USE_FAST
#define USE_FAST 1
#endif
int f(int x) {
    if (USE_FAST)
        return x + x;
    return 2 * x + 1;
}
