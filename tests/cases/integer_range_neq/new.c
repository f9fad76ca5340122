int f(int x) {
#if LEVEL > 2
    return x + 2;
#endif
    return x;
}
