#ifdef A
int f(int x) { return x + 1; }
#else
int f(int x) { return x - 1; }
#endif
