int f(int x) {
#if LEVEL >= 3
    x++;
#endif
    return x;
}
