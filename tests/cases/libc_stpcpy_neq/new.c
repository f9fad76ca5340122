#include <string.h>
char *copy_end(char *restrict d, const char *restrict s) { return stpcpy(d, s) + 1; }
