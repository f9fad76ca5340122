int f(int x) { return x % 2 == 1; }
