union word { unsigned int u; unsigned char b[4]; };

/* the second byte of x, as x86-64 stores it (little-endian) */
int second_byte(unsigned int x)
{
    union word w;
    w.u = x;
    return w.b[1];
}
