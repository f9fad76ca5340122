#include <stdlib.h>

int magnitude(int x, long y)
{
    return abs(x) + (int)(labs(y) & 0xff);
}
