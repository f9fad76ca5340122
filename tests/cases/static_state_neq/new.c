int counter(int d) { static int k; k += d + 1; return k - 1; }
