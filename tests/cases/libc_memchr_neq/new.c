#include <string.h>
int find_colon(const char *s, int n)
{
    if (n < 0 || n > 6)
        return -1;
    const char *p = memchr(s, 58, n + 1);
    return p ? (int)(p - s) : -1;
}
