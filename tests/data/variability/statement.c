/* Conditionals around whole statements: lifted to plain if/else. */
int f(int x, int y) {
    int r = 0;
#ifdef A
    r += x;
#endif
#ifndef B
    r += 2 * y;
#else
    r -= y;
    r *= 3;
#endif
    while (x > 0) {
#if defined A && !defined B
        r += 7;
#endif
        x--;
    }
    return r;
}
