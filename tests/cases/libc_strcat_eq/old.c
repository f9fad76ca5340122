#include <string.h>
void join(char *restrict d, const char *restrict s) { strcat(d, s); }
