int f(int x) {
#ifdef DEBUG
    x = x + DEBUG;
#endif
    return x;
}
