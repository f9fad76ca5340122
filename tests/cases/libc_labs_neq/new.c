#include <stdlib.h>
/* abs truncates to int */
long magnitude(long x) { return abs((int)x); }
