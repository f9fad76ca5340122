int fill(char *buf, int n);
int f(char *buf, int n) { int got = fill(buf, n); if (got <= 0) return -1; return buf[0] + got; }
