int is_set(long n)
{
    return n != 0;
}
