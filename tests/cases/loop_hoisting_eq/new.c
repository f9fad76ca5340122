int f(int n, int x, int y) { int r = 0; int t = x + y; for (int i = 0; i < n; i++) r += t; return r; }
