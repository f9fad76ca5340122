int run(int which, int v)
{
    if (which)
        return (v * v) * (v * v);
    return 4 * v + 1;
}
