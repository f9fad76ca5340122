#include <string.h>
const char *base_name(const char *path)
{
    const char *last = path;
    for (const char *p = path; *p; p++)
        if (*p == 47)
            last = p + 1;
    return last;
}
