#include <string.h>
int same(const char *a, const char *b) { return strncmp(a, b, 3) == 0; }
