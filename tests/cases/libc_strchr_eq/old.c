#include <string.h>
int has(const char *s, int c) { for (; *s; s++) if (*s == (char)c) return 1; return (char)c == 0; }
