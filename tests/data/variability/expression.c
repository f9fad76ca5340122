/* Conditionals inside expressions, an if condition and call arguments. */
static int g(int a, int b) { return a * 10 + b; }
int f(int x, int y) {
    int r = x
#if A
        + y
#endif
        ;
    if (x > 0
#ifdef B
        && y > 0
#endif
       ) {
        r = r + g(x,
#if A && defined(B)
                  1
#elif A
                  2
#else
                  3
#endif
                 );
    }
    for (int i = 0; i <
#ifdef B
         2
#else
         3
#endif
         ; i++)
        r += i;
    return r;
}
