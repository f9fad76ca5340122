#include <ctype.h>
#include <strings.h>
int before(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = toupper((unsigned char)*a), y = toupper((unsigned char)*b);
        if (x != y || !x)
            return x < y;
    }
}
