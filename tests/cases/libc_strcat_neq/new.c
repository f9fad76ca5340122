#include <string.h>
void join(char *d, const char *s) { strcpy(d, s); }
