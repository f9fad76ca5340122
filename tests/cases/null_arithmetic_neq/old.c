long offset(long n)
{
    return n;
}
