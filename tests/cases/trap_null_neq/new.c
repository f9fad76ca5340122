int f(int *p) { return p ? *p + 1 : 0; }
