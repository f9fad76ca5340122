int f(int i)
{
    int a[4] = {2, 4, 6, 8};
    int *p = a;
    return *(p + i);
}
