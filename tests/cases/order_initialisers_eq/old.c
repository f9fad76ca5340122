int g;
int f(void) { g = g * 2; return g; }
int test(void) { int a[2] = { g, f() }; return a[0] * 100 + a[1]; }
