#include <string.h>
void copy(char *restrict d, const char *restrict s) { while ((*d = *s)) { d++; s++; } }
