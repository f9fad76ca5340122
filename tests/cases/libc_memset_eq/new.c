#include <string.h>
void clear(unsigned char *a, size_t n) { memset(a, 0, n); }
