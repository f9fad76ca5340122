int f(int x, int y) { return x + 1 > y ? x + 1 : y; }
