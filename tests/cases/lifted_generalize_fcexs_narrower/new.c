int f(int x, int y) {
#ifdef A
    if (x > 10)
        return x + 1;
#endif
#ifdef B
    if (x > 10 && y > 0)
        return x + 2;
#endif
    return x;
}
