int f(int n) { int s = 0; for (int i = 1; i <= n; i++) s += (i == 5 ? 6 : i); return s; }
