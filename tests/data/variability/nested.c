/* Nested conditionals and #elif chains. */
int f(int x, int y) {
    int r = 0;
#if A
    r += 1;
# if B
    r += 2;
#  ifdef C
    r += x;
#  endif
# else
    r += 4;
# endif
#elif C
    r += 8;
#elif B
    r += y;
#else
    r += 16;
#endif
    return r;
}
