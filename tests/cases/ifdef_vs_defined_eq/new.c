int f(int x) {
#if defined(X)
    return 1 + x;
#endif
    return x;
}
