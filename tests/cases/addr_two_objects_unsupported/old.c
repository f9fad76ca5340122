int f(int x) { int a = 1, b = 2; int *p = x ? &a : &b; return *p; }
