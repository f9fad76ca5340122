long f(long x) { return x == -9223372036854775807L - 1 ? 0 : x / 2; }
