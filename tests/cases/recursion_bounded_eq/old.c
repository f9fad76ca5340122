int f(unsigned char n) { if (n == 0) return 0; return 1 + f(n / 2); }
