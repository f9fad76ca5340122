int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}
