#include <stdio.h>
void f(int c) { putchar(c); }
