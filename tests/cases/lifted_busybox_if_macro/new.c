int f(int x) {
    int r = x;
#if ENABLE_FEATURE_FANCY
    r = r + r;
#endif
    return r;
}
