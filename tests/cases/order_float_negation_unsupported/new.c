#include <stdio.h>
double e(double v) { printf("<%g>", v); return v * 2.0; }
double test(double x) { double a = e(x); double b = e(x + 1.0); return b - a; }
