#include <string.h>
int where(const char *s, int c) { const char *p = strrchr(s, c); return p ? (int)(p - s) : -1; }
