#include <string.h>
void append(char *restrict d, const char *restrict s)
{
    size_t k = strlen(d), i = 0;
    for (; i < 4 && s[i]; i++)
        d[k + i] = s[i];
    d[k + i] = 0;
}
