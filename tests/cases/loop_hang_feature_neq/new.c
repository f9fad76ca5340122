/* Without CONFIG_GUARD a zero step is let through: the loop never ends. */
int f(int x, int step) {
    int n = 0;
#ifdef CONFIG_GUARD
    if (step <= 0)
        step = 1;
#else
    if (step < 0)
        step = 1;
#endif
    while (x > 0) {
        x -= step;
        n++;
    }
    return n;
}
