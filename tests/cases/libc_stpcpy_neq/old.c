#include <string.h>
char *copy_end(char *restrict d, const char *restrict s)
{
    while ((*d = *s)) {
        d++;
        s++;
    }
    return d;
}
