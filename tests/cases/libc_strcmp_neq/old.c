#include <string.h>
int less(const char *a, const char *b) { while (*a && *a == *b) { a++; b++; } return *a < *b; }
