int notify(int (*cb)(int), int x)
{
    return cb(x);
}
