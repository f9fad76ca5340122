#include <string.h>
size_t skip_blanks(const char *s) { size_t n = 0; while (s[n] == 32 || s[n] == 9) n++; return n; }
