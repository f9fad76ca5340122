#define _GNU_SOURCE
#include <string.h>
int last_slash(const char *s, int n)
{
    if (n < 0 || n > 6)
        return -1;
    for (int i = n - 1; i >= 0; i--)
        if (s[i] == 47)
            return i;
    return -1;
}
