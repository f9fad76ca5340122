#include <string.h>
int same(const char *a, const char *b) { while (*a && *a == *b) { a++; b++; } return *a == *b; }
