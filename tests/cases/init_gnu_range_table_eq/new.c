int classify(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return 1;
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
        return 2;
    return c == '_' ? 2 : 0;
}
