struct msg {
    int kind;
    union {
        int number;
        unsigned char raw[4];
        struct { short lo, hi; } half;
    } u;
};

int low_byte(struct msg *m)
{
    if (m->kind != 1)
        return -1;
    return m->u.raw[0];
}
