#include "config.h"
int f(int x) {
#if CONFIG_STEP > 1
    x = x * 2;
#endif
#ifdef FAST
    return x + 2;
#else
    return x;
#endif
}
