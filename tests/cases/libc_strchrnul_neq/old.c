#define _GNU_SOURCE
#include <string.h>
const char *field_end(const char *s)
{
    while (*s && *s != 58)
        s++;
    return s;
}
