union W { unsigned long d; unsigned short h[4]; int w[2]; };
int f(unsigned long x, int i) { union W u; u.d = x; if (i < 0 || i > 3) return -1; return u.h[i] + u.w[i & 1]; }
