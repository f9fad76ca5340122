int f(int x) {
#ifdef FAST
    return x * STEP;
#else
    return x + STEP;
#endif
}
