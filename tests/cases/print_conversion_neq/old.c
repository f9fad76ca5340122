#include <stdio.h>
void f(int x) { printf("%d\n", x); }
