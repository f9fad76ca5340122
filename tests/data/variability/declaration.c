/* Declarations whose scope reaches past the conditional. The global `t`
   catches a lifting that cut a declaration's scope with braces. */
int t = 100;
int f(int x, int y) {
    int base = x;
#if A
    int t = 1;
#else
    long t = 2;
#endif
    base += (int)sizeof(t) + (int)t;
    {
#ifdef B
        int u = y;
#else
        int u = -y;
#endif
        base += u;
    }
    if (x > 0) {
#if A
        int w = 5;
#endif
        base += 1;
#if A
        base += w;
#endif
    }
    return base + t;
}
