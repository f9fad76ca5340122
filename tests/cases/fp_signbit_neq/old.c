#include <math.h>
int f(double x) { return signbit(x) != 0; }
