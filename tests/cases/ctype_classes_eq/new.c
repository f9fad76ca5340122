#include <ctype.h>

int classes(unsigned char c)
{
    int bits = 0;
    if (isalpha(c) || isdigit(c)) bits |= 1;
    if (isprint(c) && c != ' ') bits |= 2;
    if (isprint(c) && !isalnum(c) && !isspace(c)) bits |= 4;
    if (isdigit(c) || (tolower(c) >= 'a' && tolower(c) <= 'f')) bits |= 8;
    if (c < 32 || c == 127) bits |= 16;
    if (isalpha(c)) bits |= 32;
    return bits;
}
