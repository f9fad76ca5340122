int f(int *p, unsigned char *c) { int t = *p; c[1] = 7; return t + *p; }
