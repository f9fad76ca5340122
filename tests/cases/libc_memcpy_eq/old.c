#include <string.h>
void copy(char *restrict d, const char *restrict s, size_t n) { for (size_t i = 0; i < n; i++) d[i] = s[i]; }
