enum { BIG = 0x80000000, SMALL = 1 };

long offset(int x)
{
    return BIG + x + SMALL;
}
