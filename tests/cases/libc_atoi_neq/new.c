#include <ctype.h>
#include <stdlib.h>
int two_digits(const char *s)
{
    if (!isdigit(s[0]) || !isdigit(s[1]))
        return -1;
    return atoi(s);
}
