int counter(void) { static int k = 0; return k++; }
