int f(int n) { int r = 0; int k = 0; for (int i = 0; i < n; i++) { r += k; k += 4; } return r; }
