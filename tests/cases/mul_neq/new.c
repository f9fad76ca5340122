long f(long x) { return (x << 1) + x + (x == 7); }
