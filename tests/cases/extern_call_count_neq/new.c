int ext(int);
int f(int x) { int v = ext(x); return 2 * v; }
