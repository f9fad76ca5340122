union word { int i; unsigned char b[4]; };

int assemble(int lo, int hi)
{
    union word w;
    w.b[0] = lo;
    w.b[1] = lo >> 8;
    w.b[2] = hi;
    w.b[3] = hi >> 8;
    return w.i;
}
