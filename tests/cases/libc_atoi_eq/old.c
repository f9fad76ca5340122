#include <ctype.h>
#include <stdlib.h>
int two_digits(const char *s)
{
    if (!isdigit(s[0]) || !isdigit(s[1]) || isdigit(s[2]))
        return -1;
    int v = 0;
    for (int i = 0; i < 2; i++)
        v = v * 10 + (s[i] - 48);
    return v;
}
