#define _GNU_SOURCE
#include <string.h>
char *put(char *restrict d, const char *restrict s, int n)
{
    if (n < 0 || n > 6)
        return d;
    for (int i = 0; i < n; i++)
        *d++ = s[i];
    return d;
}
