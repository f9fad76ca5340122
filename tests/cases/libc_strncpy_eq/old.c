#include <string.h>
void copy(char *restrict d, const char *restrict s) { size_t i = 0; for (; i < 4 && s[i]; i++) d[i] = s[i]; for (; i < 4; i++) d[i] = 0; }
