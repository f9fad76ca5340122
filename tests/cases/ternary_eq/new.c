int f(int x, int y) { if (y >= x) return y; return x; }
