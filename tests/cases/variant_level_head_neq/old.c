#if LEVEL > 2
static int h(int x) { return x * 2; }
#elif LEVEL > 0
static int h(int x) { return x + 2; }
#else
static int h(int x) { return x; }
#endif
int f(int x) { return h(x); }
