#include <math.h>
int f(float x) { return signbit(x) != 0 && !isnan(x); }
