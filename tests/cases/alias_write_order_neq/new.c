void f(int *p, int *q) { *q = 2; *p = 1; }
