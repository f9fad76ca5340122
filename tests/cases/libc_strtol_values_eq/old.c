#include <errno.h>
#include <stdlib.h>
/* glibc's values on short strings, each a bit of the result: white space and a
   sign before a 0x prefix, "0x" and a non-hex digit, base 0 octal, base 36,
   strtoul negating, a bad base (EINVAL, 0). gcc runs both versions. */
int probe(void)
{
    int bits = 0;
    bits |= (strtol(" -0x1fz", 0, 16) == -31) << 0;
    bits |= (strtol("0xg", 0, 0) == 0) << 1;
    bits |= (strtol("017", 0, 0) == 15) << 2;
    bits |= (strtol("zZ", 0, 36) == 1295) << 3;
    bits |= (strtoul("-1", 0, 10) == 18446744073709551615UL) << 4;
    errno = 0;
    bits |= (strtol("1", 0, 1) == 0 && errno == 22) << 5;
    return bits;
}
