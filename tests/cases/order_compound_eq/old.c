int g;
int f(void) { g = g * 2; return g; }
int test(void) { g -= f(); return g; }
