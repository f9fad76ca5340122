int f(int *p, int x) { return *p + x; }
