struct msg {
    int kind;
    union {
        int number;
        unsigned char raw[4];
        struct { short lo, hi; } half;
    } u;
};

int low_half(int kind, int number)
{
    struct msg m;
    m.kind = kind;
    m.u.number = number;
    return (short)(m.u.raw[0] | m.u.raw[1] << 8) + kind;
}
