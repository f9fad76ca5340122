#include <string.h>
/* forgets the semicolon */
const char *next_separator(const char *s)
{
    return strpbrk(s, ",");
}
