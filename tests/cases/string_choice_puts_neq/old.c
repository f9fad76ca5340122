#include <stdio.h>
void f(int c) { puts(c ? "on" : "off"); }
