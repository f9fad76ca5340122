int f(int x0)
{
    static int seen0 = 4;
    ++seen0;
#ifdef CFG_A
    x0 += 2;
#endif
    if (seen0 > 1) {
        return -1;
    }
    return x0 - 1;
}
