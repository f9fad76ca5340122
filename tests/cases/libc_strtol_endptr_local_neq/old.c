#include <stdlib.h>
int parse(const char *s)
{
    if (s[0] < 48 || s[0] > 57 || (s[1] >= 48 && s[1] <= 57))
        return -2;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != 0)
        return -1;
    return (int)v;
}
