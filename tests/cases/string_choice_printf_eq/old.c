#include <stdio.h>
void f(int c, int n) { printf("%s: %d\n", c ? "yes" : n > 3 ? "many" : "no", n); }
