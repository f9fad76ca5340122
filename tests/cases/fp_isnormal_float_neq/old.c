#include <math.h>
int f(float x) { return isnormal(x) != 0; }
