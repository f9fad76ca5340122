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
    struct msg m = { kind, { number } };
    return m.u.half.lo + m.kind;
}
