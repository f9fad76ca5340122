#include <string.h>
size_t bounded(const char *s) { return strnlen(s, 8); }
