struct flags {
    unsigned int ready:1;
    unsigned int mode:3;
    int count;
};

/* as if each bit-field took an int of its own */
int get_count(struct flags *f)
{
    return ((int *)f)[2];
}
