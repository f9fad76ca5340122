int f(int n){ int i = n > 5 ? 2 : 3; while (i < n && i < 100) i += 3; return i; }
