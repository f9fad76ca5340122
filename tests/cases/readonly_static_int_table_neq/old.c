static int pow2[] = { 1, 2, 4, 9 };
int scale(int i, int x)
{
    if (i < 0 || i > 3)
        return x;
    return x * pow2[i];
}
