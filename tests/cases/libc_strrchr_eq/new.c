#include <string.h>
const char *base_name(const char *path)
{
    const char *slash = strrchr(path, 47);
    return slash ? slash + 1 : path;
}
