int notify(int (*cb)(int), int x)
{
    if (!cb)
        return -1;
    int a = cb(x);
    return a + cb(x + 1);
}
