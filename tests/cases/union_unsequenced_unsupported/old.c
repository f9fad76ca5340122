union word { int i; unsigned char b[4]; };

int mix(int x)
{
    union word w;
    w.i = x;
    return w.b[0] + 5;
}
