#include <stdio.h>
void f(int x) { printf("a"); printf("%d\n", x); }
