int f(int x) {
    int r = x;
#ifdef A
    r += 2;
#endif
    return r;
}
