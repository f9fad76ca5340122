#include <ctype.h>

char upper(char c)
{
    return toupper(c);
}
