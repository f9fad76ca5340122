char *lookup(const char *name);
int f(void) { char *s = lookup("HOME"); if (s == 0) return -1; return *s; }
