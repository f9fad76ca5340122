int g;
int f(void) { g = g * 2; return g; }
int test(void) { int x = g; int y = f(); return x * 100 + y; }
