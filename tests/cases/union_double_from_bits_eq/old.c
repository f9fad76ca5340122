union U { double d; unsigned long u; unsigned char b[8]; };
int f(unsigned long x) { union U v; v.u = (x & 0xfffffffffffffUL) | 0x3ff0000000000000UL; return v.d >= 1.0 && v.d < 2.0 && v.b[7] == 0x3f; }
