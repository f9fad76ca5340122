#include <math.h>
int f(double x) { return isinf(x); }
