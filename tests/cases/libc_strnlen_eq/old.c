#include <string.h>
size_t bounded(const char *s) { size_t n = 0; while (n < 8 && s[n]) n++; return n; }
