#include <string.h>
int same(const char *a, const char *b) { for (int i = 0; i < 3; i++) { if (a[i] != b[i]) return 0; if (!a[i]) return 1; } return 1; }
