#include <string.h>
void clear(int *a, size_t n) { for (size_t i = 0; i < n; i++) a[i] = 0; }
