int counter(void) { static int k; k++; return k; }
