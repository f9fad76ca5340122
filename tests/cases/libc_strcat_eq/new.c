#include <string.h>
void join(char *restrict d, const char *restrict s) { strcpy(d + strlen(d), s); }
