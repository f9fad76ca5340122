int f(int x, int y) { int t = x; x = y; y = t; return x * 3 + y; }
