int f(int n) { int r = 0; for (int i = 0; i < n; i++) r = r + 3; return r; }
