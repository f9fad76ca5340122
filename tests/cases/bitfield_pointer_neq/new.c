struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

int get_mode(const struct reg *r)
{
    return (*(const unsigned char *)r >> 1) & 7;
}
