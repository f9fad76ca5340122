int clamp_add(int x, int k)
{
    int r = x;
#ifdef CONFIG_OFFSET
    r = r + k;
#endif
    if (r > 100)
        r = 100;
    return r;
}

int use(int x)
{
    return clamp_add(x, 1);
}
