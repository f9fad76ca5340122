#ifndef USE_FAST
#define USE_FAST 1
#endif
int f(int x) {
    if (USE_FAST)
        return x * 2;
    return x + x + 1;
}
