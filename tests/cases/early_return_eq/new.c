int f(int x) { int r = 1; if (x <= 0) { r = x ? -1 : 0; } return r; }
