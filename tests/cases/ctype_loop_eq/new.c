#include <ctype.h>

int skip_blanks(const char *s)
{
    int n = 0;
    while (isspace((unsigned char)s[n]))
        n++;
    return n;
}
