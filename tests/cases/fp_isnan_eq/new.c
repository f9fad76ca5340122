#include <math.h>
int f(double x) { return isnan(x) ? 1 : 0; }
