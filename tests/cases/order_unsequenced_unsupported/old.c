int f(int i) { int a[4] = {0}; if (i < 0 || i > 2) return 0; a[i++] = i; return a[1]; }
