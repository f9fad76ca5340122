#include <string.h>
void shift(char *p, size_t n) { for (size_t i = n; i > 0; i--) p[i] = p[i - 1]; }
