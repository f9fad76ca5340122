#include <string.h>
int f(unsigned long x0) { unsigned long y = x0; return (int)(y & 1); }
