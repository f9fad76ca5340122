#include <math.h>
int f(float x) { return isnormal((double)x) != 0; }
