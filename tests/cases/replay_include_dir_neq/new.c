#include "limits_local.h"
int f(int x) { return x >= LIMIT ? LIMIT - 1 : x; }
