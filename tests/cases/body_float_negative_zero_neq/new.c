#include <math.h>
int f(float x) { return x < 0; }
