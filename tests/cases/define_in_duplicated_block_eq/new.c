int f(int a, int two) {
#if X
    int b = a;
#else
    long b = a;
#endif
    int r = two;
    r += 2;
    return r + (int)sizeof(b);
}
