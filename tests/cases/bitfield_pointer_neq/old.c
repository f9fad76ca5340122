struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

/* mode is a signed 3-bit field: 5 reads back as -3 */
int get_mode(const struct reg *r)
{
    return r->mode;
}
