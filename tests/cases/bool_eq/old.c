#include <stdbool.h>
int f(int x) { bool b = x; return b; }
