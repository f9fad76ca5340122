#include <stdio.h>
void f(int x) { printf("%u\n", x); }
