int f(int a, int two) {
#if X
    int b = a;
#else
    long b = a;
#endif
    int r = two;
#define two 2
    r += two;
    return r + (int)sizeof(b);
}
