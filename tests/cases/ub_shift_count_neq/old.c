int f(int x, int s) { return x << s; }
