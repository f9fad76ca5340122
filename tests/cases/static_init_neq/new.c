int counter(void) { static int k = 1; return k++; }
