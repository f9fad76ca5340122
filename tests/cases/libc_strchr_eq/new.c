#include <string.h>
int has(const char *s, int c) { return strchr(s, c) != NULL; }
