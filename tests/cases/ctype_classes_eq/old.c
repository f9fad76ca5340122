#include <ctype.h>

int classes(unsigned char c)
{
    int bits = 0;
    if (isalnum(c)) bits |= 1;
    if (isgraph(c)) bits |= 2;
    if (ispunct(c)) bits |= 4;
    if (isxdigit(c)) bits |= 8;
    if (iscntrl(c)) bits |= 16;
    if (isupper(c) || islower(c)) bits |= 32;
    return bits;
}
