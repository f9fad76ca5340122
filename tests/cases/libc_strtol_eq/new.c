#include <ctype.h>
#include <stdlib.h>
long signed_digit(const char *s)
{
    if ((s[0] != 45 && s[0] != 43) || !isdigit(s[1]) || isdigit(s[2]))
        return 100;
    return strtol(s, 0, 10);
}
