#include <stdio.h>
void f(int x) { if (x >= 3) printf("big %d\n", x); }
