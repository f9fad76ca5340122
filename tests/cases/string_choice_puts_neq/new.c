#include <stdio.h>
void f(int c) { puts(c > 0 ? "on" : "off"); }
