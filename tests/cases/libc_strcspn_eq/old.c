#include <string.h>
size_t key_length(const char *s) { size_t n = 0; while (s[n] && s[n] != 61) n++; return n; }
