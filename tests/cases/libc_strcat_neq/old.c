#include <string.h>
void join(char *d, const char *s) { strcat(d, s); }
