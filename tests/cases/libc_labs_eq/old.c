#include <stdlib.h>
long magnitude(long x) { return x < 0 ? -x : x; }
