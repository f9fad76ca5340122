#include <string.h>
size_t len(const char *s) { return strlen(s) + 1; }
