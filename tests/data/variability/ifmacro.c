/* BusyBox idioms: IF_X(...), IF_NOT_X(...) and ENABLE_X in C code. */
static int g(int a, int b, int c) { return a + 2 * b + 4 * c; }
int f(int x, int y) {
    int r = 0;
    IF_FEATURE_A(r += x;)
    IF_NOT_FEATURE_A(r -= x;)
    r += g(1 IF_FEATURE_B(+ y), IF_FEATURE_A(3) IF_NOT_FEATURE_A(5), 7);
    if (ENABLE_FEATURE_B && x > 0)
        r *= 2;
    IF_FEATURE_B(int extra = y;)
    IF_NOT_FEATURE_B(int extra = -y;)
    r += extra;
#if ENABLE_FEATURE_A
    r += 100;
#endif
    return r;
}
