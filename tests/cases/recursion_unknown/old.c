int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }
