int f(int x) { if (x == 1 || x == 2) return 10; if (x == 3) return 7; return x; }
