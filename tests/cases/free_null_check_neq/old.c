#include <stdlib.h>
void f(char *p, char *q) { if (p) free(p); }
