static int sq(int v) { return v * v; }
int f(int x) { return 1 + x * x; }
