struct flags {
    unsigned int ready:1;
    unsigned int mode:3;
    int count;
};

int get_count(struct flags *f)
{
    return f->count;
}
