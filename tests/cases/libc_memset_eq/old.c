#include <string.h>
void clear(unsigned char *a, size_t n) { for (size_t i = 0; i < n; i++) a[i] = 0; }
