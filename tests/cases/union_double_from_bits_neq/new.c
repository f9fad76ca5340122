int f(unsigned long x) { return (x & 1) == 0; }
