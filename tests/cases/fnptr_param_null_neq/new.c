int notify(int (*cb)(int), int x)
{
    if (!cb)
        return 0;
    return cb(x);
}
