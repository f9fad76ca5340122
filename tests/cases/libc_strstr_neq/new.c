#include <string.h>
/* an a alone is not "ab" */
int has_ab(const char *s)
{
    for (; *s; s++)
        if (s[0] == 97)
            return 1;
    return 0;
}
