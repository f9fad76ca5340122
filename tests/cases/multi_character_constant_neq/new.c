int f(int x) { return x == 25185 ? 1 : x == 65377 ? 2 : 0; }
