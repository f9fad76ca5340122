#include <stdio.h>
void f(int c, int n) { if (c) printf("yes: %d\n", n); else if (n > 3) printf("many: %d\n", n); else printf("no: %d\n", n); }
