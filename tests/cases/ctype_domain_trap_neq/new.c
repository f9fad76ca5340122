int digit(int c)
{
    return c >= '0' && c <= '9';
}
