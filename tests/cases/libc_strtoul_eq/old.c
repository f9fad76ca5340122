#include <ctype.h>
#include <stdlib.h>
unsigned long signed_digit(const char *s)
{
    if ((s[0] != 45 && s[0] != 43) || !isdigit(s[1]) || isdigit(s[2]))
        return 100;
    unsigned long d = s[1] - 48;
    return s[0] == 45 ? 0 - d : d;
}
