#include <errno.h>
#include <stdlib.h>
int probe(void)
{
    errno = 22;
    return 63;
}
