int counter(int d) { static int k; k = k + d; return k; }
