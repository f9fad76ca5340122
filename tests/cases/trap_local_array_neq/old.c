int f(int i)
{
    int a[4] = {1, 2, 3, 4};
    if (i < 0)
        return 0;
    return a[i];
}
