int hist(int v) { static int h[4]; if (v < 0 || v > 3) return -1; return ++h[v]; }
