#include <stdio.h>
int e(int n) { printf("<%d>", n); return n; }
void test(int x) { printf("%d %d\n", e(x), e(x + 1)); }
