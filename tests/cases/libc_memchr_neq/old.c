#include <string.h>
int find_colon(const char *s, int n)
{
    if (n < 0 || n > 6)
        return -1;
    for (int i = 0; i < n; i++)
        if (s[i] == 58)
            return i;
    return -1;
}
