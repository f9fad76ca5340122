int g, c;
int f(void) { g = g * 2; return g; }
int h(void) { c = c + 3; return c; }
int test(void) { int b = h(); int a = f(); return a - b; }
