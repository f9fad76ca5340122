#include <strings.h>
int same(const char *a, const char *b) { return strcasecmp(a, b) == 0; }
