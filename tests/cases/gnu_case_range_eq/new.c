int f(int x)
{
    if (x >= 1 && x <= 5)
        return 1;
    if (x >= 97 && x <= 122)
        return 2;
    return 0;
}
