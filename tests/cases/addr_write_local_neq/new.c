int f(int x) { int y = x; int *p = &y; return *p; }
