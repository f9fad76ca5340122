#include <stdlib.h>
int f(int x) { if (x == 42) exit(1); return 0; }
