long f(int x) {
#ifdef WIDE
    long v = x;
#else
    int v = x;
#endif
    return v * 2;
}
