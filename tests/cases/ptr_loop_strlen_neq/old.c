int len(const char *s) { int n = 0; for (const char *p = s; *p; p++) n++; return n; }
