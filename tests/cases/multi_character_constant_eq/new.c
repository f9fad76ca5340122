int f(int x) { return x == 24930 ? 1 : x == 65377 ? 2 : 0; }
