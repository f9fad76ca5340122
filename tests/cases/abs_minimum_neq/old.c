#include <stdlib.h>

int far(long x)
{
    return labs(x) > 5;
}
