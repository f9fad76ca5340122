#define _GNU_SOURCE
#include <string.h>
int last_slash(const char *s, int n)
{
    if (n < 0 || n > 6)
        return -1;
    const char *p = memrchr(s, 47, n + 1);
    return p ? (int)(p - s) : -1;
}
