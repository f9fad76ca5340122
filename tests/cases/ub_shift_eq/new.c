int f(int x, int s) { return x * (1 << s); }
