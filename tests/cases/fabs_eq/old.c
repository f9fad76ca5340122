#include <math.h>
int f(double x) { return fabs(x) == x; }
