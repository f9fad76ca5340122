int f(int x) { return x ? 1 : 2; }
