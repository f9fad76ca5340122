long offset(long n)
{
    char *p = 0;
    p += n;
    return p - (char *)0;
}
