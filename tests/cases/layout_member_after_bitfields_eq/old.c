struct flags {
    unsigned int ready:1;
    unsigned int mode:3;
    int count;
};

/* count is the second int: the two bit-fields share the first one */
int get_count(struct flags *f)
{
    return f->count;
}
