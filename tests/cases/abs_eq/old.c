int magnitude(int x, long y)
{
    int a = x < 0 ? -x : x;
    long b = y >= 0 ? y : -y;
    return a + (int)(b & 0xff);
}
