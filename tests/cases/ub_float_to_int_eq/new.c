#include <math.h>
int f(double d) { return (int)trunc(d); }
