int f(int x) { return 1; }
