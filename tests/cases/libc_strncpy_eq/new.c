#include <string.h>
void copy(char *restrict d, const char *restrict s) { strncpy(d, s, 4); }
