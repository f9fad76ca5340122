#include <string.h>
const char *find_equals(const char *s)
{
    return strchr(s, 61);
}
