#include <math.h>
int f(double x) { return !isnan(x) && !isinf(x); }
