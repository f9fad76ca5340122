#include <stdio.h>
int e(int n) { printf("<%d>", n); return n; }
void test(int x) { int b = e(x + 1); int a = e(x); printf("%d %d\n", a, b); }
