union W { unsigned long d; unsigned short h[4]; };
int f(unsigned long x, int i) { union W u; unsigned short *p; u.d = x; p = u.h; p += 2; if (i < 0 || i > 1) return -1; p[i] = 7; return (int)(u.d >> 32) + (int)(p - u.h); }
