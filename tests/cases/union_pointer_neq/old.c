struct msg {
    int kind;
    union {
        int number;
        unsigned char raw[4];
        struct { short lo, hi; } half;
    } u;
};

void set(struct msg *m, int v)
{
    m->u.number = v;
    m->u.raw[3] = 0;
}
