#include <string.h>
void append(char *restrict d, const char *restrict s) { strncat(d, s, 4); }
