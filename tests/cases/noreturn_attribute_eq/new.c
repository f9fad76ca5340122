void die(const char *why) __attribute__((noreturn));
int f(int *p) { if (p == 0) { die("null"); } else { return p[0]; } }
