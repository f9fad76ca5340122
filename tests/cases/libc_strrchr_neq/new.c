#include <string.h>
/* the first slash, not the last */
const char *base_name(const char *path)
{
    const char *slash = strchr(path, 47);
    return slash ? slash + 1 : path;
}
