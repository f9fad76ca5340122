unsigned long f(unsigned long x) { return x >> 63; }
