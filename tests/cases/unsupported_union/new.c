union u { int i; float f; };
int f(int x) { return x; }
