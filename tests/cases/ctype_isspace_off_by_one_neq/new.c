int blank(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c < '\r');
}
