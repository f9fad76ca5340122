int far(long x)
{
    return x > 5 || x < -5;
}
