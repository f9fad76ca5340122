#define _GNU_SOURCE
#include <string.h>
char *put(char *restrict d, const char *restrict s, int n)
{
    if (n < 0 || n > 6)
        return d;
    return mempcpy(d, s, n + 1);
}
