int f(int x) { return x == 40; }
