int is_set(long n)
{
    char *p = 0, *q = 0;
    p += n;
    return p != q;
}
