int f(unsigned char n) { int b = 0; while (n) { b++; n >>= 1; } return b; }
