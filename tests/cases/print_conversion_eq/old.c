#include <stdio.h>
void f(int x) { printf("x=%d\n", x); }
