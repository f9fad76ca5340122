int f(int n) { int r = 0; int i = 1; while (i <= n) { r += 3; i++; } return r; }
