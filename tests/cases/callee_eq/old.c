static int sq(int v) { return v * v; }
int f(int x) { return sq(x) + 1; }
