int add_clamped(int x, int k)
{
    int r = x;
#ifdef CONFIG_OFFSET
    r += k;
#endif
    if (r > 100)
        r = 100;
    return r;
}

int use(int x)
{
    return add_clamped(x, 1);
}
