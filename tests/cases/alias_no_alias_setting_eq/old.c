int f(int *p, int *q) { int t = *p; *q = 5; return t + *p; }
