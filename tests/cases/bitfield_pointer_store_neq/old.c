struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

void set_count(struct reg *r, int v)
{
    r->count = v;
    r->ready = 1;
}
