#include <string.h>
size_t key_length(const char *s) { return strcspn(s, "="); }
