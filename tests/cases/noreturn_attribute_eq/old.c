void die(const char *why) __attribute__((noreturn));
int f(int *p) { if (!p) die("null"); return *p; }
