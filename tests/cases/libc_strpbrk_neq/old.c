#include <string.h>
const char *next_separator(const char *s)
{
    for (; *s; s++)
        if (*s == 44 || *s == 59)
            return s;
    return 0;
}
