int f(int x) {
#if FAST
    return x * STEP;
#else
    return x + STEP;
#endif
}
