int g;
int f(void) { g = g * 2; return g; }
int test(void) { f(); g = 0; return 0; }
