struct msg {
    int kind;
    union {
        int number;
        unsigned char raw[4];
        struct { short lo, hi; } half;
    } u;
};

int tag_byte(struct msg m)
{
    return (m.u.number >> 24) & 0x7f;
}
