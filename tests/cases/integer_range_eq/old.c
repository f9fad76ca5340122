int f(int x) {
#if LEVEL > 2
    return x + 1;
#endif
    return x;
}
