/* An initialised local int array read through memcpy, byte by byte. */
#include <string.h>
int f(int a, int b) { int x[2] = { a, b }, y[2]; memcpy(y, x, sizeof x); return y[0] - y[1]; }
