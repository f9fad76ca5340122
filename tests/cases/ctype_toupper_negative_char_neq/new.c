#include <ctype.h>

int upper(char c)
{
    return toupper(c);
}
