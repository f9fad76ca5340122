int f(int x) {
#if DEBUG
    x = x + 1;
#endif
#if DEBUG > 1
    x = x * 2;
#endif
    return x;
}
