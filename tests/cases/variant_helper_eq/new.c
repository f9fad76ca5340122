#ifdef FAST
static int scale(int x) { return x + x; }
#else
static int scale(int x) { return x * 3; }
#endif
int f(int x) {
    return 1 + scale(x);
}
