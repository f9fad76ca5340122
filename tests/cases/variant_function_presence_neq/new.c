#ifdef A
int f(int x) { return x + 2; }
#endif
