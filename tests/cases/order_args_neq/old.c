int g;
int f(void) { g = g * 2; return g; }
int h(void) { g = g + 3; return g; }
int k(int a, int b) { return a * 100 + b; }
int test(void) { return k(f(), h()); }
