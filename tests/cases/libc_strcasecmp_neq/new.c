#include <strings.h>
int before(const char *a, const char *b) { return strcasecmp(a, b) < 0; }
