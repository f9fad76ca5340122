union u { int i; float f; };
int f(int x) { union u v; v.f = x; return v.i; }
