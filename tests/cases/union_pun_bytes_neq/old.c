union word { unsigned int u; unsigned char b[4]; };

int second_byte(unsigned int x)
{
    union word w;
    w.u = x;
    return w.b[1];
}
