/* A conditional that holds an `if` without its else, and one that adds an
   else-if arm in the middle of a chain. */
int f(int x, int y) {
    int r = 1;
#if defined(A)
    if (x > y)
        r = x;
    else
#endif
        r = y;
    if (x < 0) {
        r = -r;
    }
#if B
    else if (x == 0) {
        r = 100;
    }
#endif
    else {
        r = r + 1;
    }
    return r;
}
