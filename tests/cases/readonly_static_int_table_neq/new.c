int scale(int i, int x)
{
    if (i < 0 || i > 3)
        return x;
    return x << i;
}
