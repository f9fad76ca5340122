#include <stdlib.h>
void f(char *p, char *q) { free(q); }
