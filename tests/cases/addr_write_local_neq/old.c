int f(int x) { int y = x; int *p = &y; *p = *p + 1; return y; }
