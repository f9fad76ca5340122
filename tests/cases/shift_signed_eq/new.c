int f(int x) { return x < 0 ? -1 : 0; }
