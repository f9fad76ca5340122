int f(unsigned long x) { return 1; }
