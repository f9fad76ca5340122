#include <ctype.h>

int blank(unsigned char c)
{
    return isspace(c) ? 1 : 0;
}
