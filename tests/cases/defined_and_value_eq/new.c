int f(int x) {
#if DEBUG
    x = x + DEBUG;
#endif
    return x;
}
