int counter(void) { static int n; return ++n; }
