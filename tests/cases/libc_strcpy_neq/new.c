#include <string.h>
void copy(char *restrict d, const char *restrict s) { while (*s) *d++ = *s++; }
