static int tick(void) { static int n; return n++; }
int f(int x) { return tick() > 5 ? x : 0; }
