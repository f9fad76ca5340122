struct __attribute__((packed)) header {
    unsigned char kind;
    unsigned int length;
};

unsigned int get_length(struct header *h)
{
    const unsigned char *b = (const unsigned char *)h + 1;
    return b[0] | b[1] << 8 | b[2] << 16 | (unsigned int)b[3] << 24;
}
