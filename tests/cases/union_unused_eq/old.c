#include <string.h>
union value { double d; long l; char *s; };
struct cell { int tag; union value v; };

int clamp(int x)
{
    if (x > 100)
        return 100;
    return x;
}
