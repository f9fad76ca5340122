char *lookup(const char *name);
int f(void) { char *s = lookup("HOME"); return s ? s[0] : -1; }
