#include <string.h>
#include <stdlib.h>
#include <ctype.h>
#include <stdio.h>
void f(char *p) { if (p) free(p); }
