int g;
int f(void) { g = g * 2; return g; }
int k(int a, int b, int c) { return a * 10000 + b * 100 + c; }
int test(void) { int c = g; int b = f(); return k(g, b, c); }
