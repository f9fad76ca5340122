/* A small #ifdef'd sensor library: the "before" of a refactoring commit. */
#include <stdint.h>

int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

unsigned checksum(const unsigned char *buf)
{
    unsigned sum = 0;
    for (int i = 0; i < 4; i++)
        sum = sum * 31u + buf[i];
#ifdef CONFIG_CHECKSUM_INVERT
    sum = ~sum;
#endif
    return sum;
}

int scale(int raw)
{
    int v = raw * 2;
#ifdef CONFIG_OFFSET
    v = v + 8;
#endif
#if defined(CONFIG_SATURATE)
    v = clamp(v, -1000, 1000);
#endif
    return v;
}
