int f(int n) { int r = 0; for (int i = 0; i < n; i++) r += i * 4; return r; }
