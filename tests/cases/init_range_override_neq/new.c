int level(int i)
{
    int t[10] = { [3] = 5, [0 ... 9] = 1 };
    return t[i];
}
