int f(unsigned long x, int i) { if (i < 0 || i > 3) return -1; return (int)((x >> (16 * i)) & 0xffff) + (int)(x >> (32 * (i & 2))); }
