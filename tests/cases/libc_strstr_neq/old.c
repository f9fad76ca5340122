#include <string.h>
int has_ab(const char *s)
{
    return strstr(s, "ab") != 0;
}
