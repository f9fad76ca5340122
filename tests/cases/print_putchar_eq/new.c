#include <stdio.h>
void f(int c) { printf("%c", c); }
