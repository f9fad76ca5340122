union reg {
    unsigned int word;
    struct { unsigned int low : 12; unsigned int high : 20; } part;
};

unsigned int high_part(unsigned int w)
{
    union reg r;
    r.word = w;
    return r.part.high;
}
