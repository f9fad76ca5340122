int g;
int f(void) { g = g * 2; return g; }
int test(void) { int before = g; g = before - f(); return g; }
