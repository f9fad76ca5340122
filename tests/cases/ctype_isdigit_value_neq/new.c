#include <ctype.h>

int is_digit(unsigned char c)
{
    return isdigit(c) != 0;
}
