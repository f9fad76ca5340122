int f(int *p, int x) { return *p + x + (x > 10); }
