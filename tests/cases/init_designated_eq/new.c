int describe(int i)
{
    int k = i & 7;
    return i + 3 + 1 + 2 + 0 + 7 + (k < 5 ? 1 : k == 7 ? 9 : 2);
}
