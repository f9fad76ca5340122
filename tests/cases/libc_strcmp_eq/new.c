#include <string.h>
int same(const char *a, const char *b) { return strcmp(a, b) == 0; }
