#include <stdio.h>
void f(int x) { printf("a%d\n", x); }
