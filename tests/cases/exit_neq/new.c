#include <stdlib.h>
int f(int x) { if (x == 42) exit(2); return 0; }
