#include <string.h>
void shift(char *p, size_t n) { memmove(p + 1, p, n); }
