int sum(int n)
{
    return n > 0 ? 2 * n - 1 : 0;
}
