int g;
int f(void) { g++; return g; }
