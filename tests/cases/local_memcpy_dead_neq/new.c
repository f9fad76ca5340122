#include <string.h>
int f(unsigned long x0) { unsigned long y; memcpy(&y, &x0, 8); return (int)(y & 3); }
