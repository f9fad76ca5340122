#include <math.h>
int f(double x) { return x == INFINITY; }
