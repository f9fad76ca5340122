int level(int i)
{
    int t[10] = { [0 ... 9] = 1, [3] = 5 };
    return t[i];
}
