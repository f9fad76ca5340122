int f(int a, int two) {
#if X
    int b = a;
#else
    long b = a;
#endif
    int r = 2;
    r += 2;
    return r + (int)sizeof(b);
}
