int f(int n, int x, int y) { int r = 0; for (int i = 0; i < n; i++) r += x + y; return r; }
