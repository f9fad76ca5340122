#include <stdlib.h>
long magnitude(long x) { return labs(x); }
