struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

/* count is 12 bits wide, not 8 */
void set_count(struct reg *r, int v)
{
    r->count = v & 0xff;
    r->ready = 1;
}
