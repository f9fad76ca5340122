int f(int i)
{
    int a[4] = {1, 2, 3, 4};
    return a[i] * 2;
}
