int f(int x) { return 2 * x; }
