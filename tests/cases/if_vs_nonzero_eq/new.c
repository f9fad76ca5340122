int f(int x) {
#if X != 0
    x = x + 1;
#endif
    return x;
}
