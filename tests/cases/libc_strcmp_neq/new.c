#include <string.h>
int less(const char *a, const char *b) { return strcmp(a, b) < 0; }
