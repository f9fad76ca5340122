#include <string.h>
void copy(char *d, const char *s) { strncpy(d, s, 4); }
