#include <math.h>
int f(double x) { return x == 0.0; }
