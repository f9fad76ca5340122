#include "limits_local.h"
int f(int x) { return clamp(x); }
