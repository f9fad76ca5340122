#include <ctype.h>
#include <strings.h>
int prefix(const char *a, const char *b)
{
    for (int i = 0; i < 4; i++) {
        int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
        if (x != y)
            return 0;
        if (!x)
            return 1;
    }
    return 1;
}
