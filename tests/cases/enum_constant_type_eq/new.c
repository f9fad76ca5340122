long offset(int x)
{
    return (unsigned)(2147483648u + x + 1);
}
