union reg {
    unsigned int word;
    struct { unsigned int low : 12; unsigned int high : 20; } part;
};

/* as if high were the first field */
unsigned int high_part(unsigned int w)
{
    return w & 0xfffff;
}
