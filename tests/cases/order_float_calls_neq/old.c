#include <stdio.h>
double e(double v) { printf("<%g>", v); return v * 2.0; }
double test(double x) { return e(x) - e(x + 1.0) * 3.0; }
