long f(long x) { return x * 3; }
