long f(long x) { return x / 2; }
