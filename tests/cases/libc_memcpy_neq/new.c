#include <string.h>
void copy(char *d, const char *s, size_t n) { if (n) memcpy(d, s, n - 1); }
