#define _GNU_SOURCE
#include <string.h>
void *put(void *restrict d, const void *restrict s, size_t n)
{
    unsigned char *to = d;
    const unsigned char *from = s;
    for (size_t i = 0; i < n; i++)
        *to++ = from[i];
    return to;
}
