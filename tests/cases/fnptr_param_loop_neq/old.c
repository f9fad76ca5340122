int sum(int (*cb)(int), int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += cb(i);
    return s;
}
