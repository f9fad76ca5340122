#define _GNU_SOURCE
#include <string.h>
const char *field_end(const char *s) { return strchrnul(s + 1, 58); }
