#include <string.h>
const char *next_separator(const char *s)
{
    return strpbrk(s, ",;");
}
