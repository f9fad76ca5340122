int f(int c) { return c == 6 ? 8 : 5; }
