int next(void) { static int n; return ++n; }
int k(int a, int b) { return a * 10 + b; }
int test(void) { return k(next(), next()); }
