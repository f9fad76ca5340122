#include <ctype.h>

int digit(int c)
{
    return isdigit(c) != 0;
}
