union u { int i; int *p; };
int f(int x) { union u v; v.i = x; return v.p != 0; }
