int fill(char *buf, int n);
int f(char *buf, int n) { int got = fill(buf, n); if (got < 1) return -1; return got + buf[0]; }
