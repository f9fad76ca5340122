int f(int n) { return n > 0 ? 2 * n : 0; }
