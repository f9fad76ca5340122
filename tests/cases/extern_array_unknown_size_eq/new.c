extern const char hexdigits[];
char f(unsigned x) { const char *p = hexdigits; return *(p + (x % 16)); }
