void f(int *p) { p[0] = p[1]; }
