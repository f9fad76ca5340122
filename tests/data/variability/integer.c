/* Integer-valued features: compared in #if and read in code. */
int f(int x, int y) {
    int r = x;
#if LEVEL > 2
    r += LEVEL * y;
#elif LEVEL == 2
    r += 2;
#elif LEVEL
    r += 1;
#else
    r = 0;
#endif
#if LEVEL == 0 || !defined(DEBUG)
    r -= 1;
#endif
    return r;
}
