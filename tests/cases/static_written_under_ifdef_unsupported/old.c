int f(int x0)
{
    static int seen0 = 4;
#ifdef CFG_A
    ++seen0;
#endif
    if (seen0 > 1) {
        return -1;
    }
    return x0 + 1;
}
