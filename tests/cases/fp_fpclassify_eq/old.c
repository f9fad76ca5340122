#include <math.h>
int f(double x) { return fpclassify(x) == FP_ZERO; }
