struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

/* a store wraps to the width and leaves the neighbouring bits alone */
void set_mode(struct reg *r, int v)
{
    r->mode = v;
}
