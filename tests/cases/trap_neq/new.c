int f(int x, int y) { return y ? x / y : 0; }
