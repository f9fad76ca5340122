/* The "after": clamp rewritten, checksum unrolled, scale reordered (a bug). */
#include <stdint.h>

int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

unsigned checksum(const unsigned char *buf)
{
    unsigned sum = ((buf[0] * 31u + buf[1]) * 31u + buf[2]) * 31u + buf[3];
#ifdef CONFIG_CHECKSUM_INVERT
    return ~sum;
#else
    return sum;
#endif
}

int scale(int raw)
{
    int v = raw * 2;
#if defined(CONFIG_SATURATE)
    v = clamp(v, -1000, 1000);
#endif
#ifdef CONFIG_OFFSET
    v = v + 8;
#endif
    return v;
}
