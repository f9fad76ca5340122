#include <string.h>
union value { double d; long l; char *s; };
struct cell { int tag; union value v; };

int clamp(int x)
{
    return x > 100 ? 100 : x;
}
