struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

void set_mode(struct reg *r, int v)
{
    unsigned char *b = (unsigned char *)r;
    b[0] = (b[0] & ~0x0e) | (v & 7) << 1;
}
