int f(int x) {
    int r = x;
#ifdef A
    r += 1;
#endif
    return r;
}
