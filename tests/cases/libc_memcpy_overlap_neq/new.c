#include <string.h>
void copy(char *d, const char *s, size_t n) { memcpy(d, s, n); }
