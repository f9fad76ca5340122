unsigned long f(unsigned long x) { return (long)x < 0 ? 2 : 0; }
