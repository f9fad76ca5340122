#include <string.h>
void clear(int *a, size_t n) { memset(a, 0, n); }
