union word { int i; unsigned char b[4]; };

/* w.b[0] and w.i are the same bytes: unsequenced, undefined */
int mix(int x)
{
    union word w;
    w.i = x;
    return w.b[0] + (w.i = 5);
}
