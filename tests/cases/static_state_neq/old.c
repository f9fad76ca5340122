int counter(int d) { static int k; k += d; return k; }
