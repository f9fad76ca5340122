int f(int x)
{
    int s = 40;
    return x << s;
}
