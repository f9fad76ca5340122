#include <math.h>
int f(double x) { return sin(x) > 0.5; }
