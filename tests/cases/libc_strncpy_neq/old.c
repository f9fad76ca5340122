#include <string.h>
void copy(char *d, const char *s) { strcpy(d, s); }
