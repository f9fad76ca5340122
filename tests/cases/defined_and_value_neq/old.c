int f(int x) {
#ifdef DEBUG
    x = x + 1;
#endif
#if DEBUG > 1
    x = x * 2;
#endif
    return x;
}
