int f(int n) { int s = 0; for (int i = 0; i < n + 1; i++) s += 2; return s; }
