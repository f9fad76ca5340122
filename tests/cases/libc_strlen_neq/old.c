#include <string.h>
size_t len(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
