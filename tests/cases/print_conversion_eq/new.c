#include <stdio.h>
void f(int x) { printf("x=%i\n", x); }
