long offset(long n)
{
    char *p = 0;
    p += n + 1;
    return p - (char *)0;
}
