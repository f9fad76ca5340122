int len(const char *s) { const char *p = s; while (*p) p++; return p - s + 1; }
