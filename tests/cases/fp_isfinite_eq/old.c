#include <math.h>
int f(double x) { return isfinite(x) != 0; }
