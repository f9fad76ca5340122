int first(long n)
{
    char *p = 0;
    p += n;
    return n > 65536 ? 0 : -1;
}
