#include <string.h>
void shift(char *p, size_t n) { for (size_t i = 0; i < n; i++) p[i + 1] = p[i]; }
