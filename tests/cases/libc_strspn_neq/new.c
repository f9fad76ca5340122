#include <string.h>
size_t skip_blanks(const char *s) { return strspn(s, " "); }
