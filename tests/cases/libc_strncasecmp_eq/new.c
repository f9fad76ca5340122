#include <strings.h>
int prefix(const char *a, const char *b) { return strncasecmp(a, b, 4) == 0; }
