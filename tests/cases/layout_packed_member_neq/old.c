struct __attribute__((packed)) header {
    unsigned char kind;
    unsigned int length;
};

unsigned int get_length(struct header *h)
{
    return h->length;
}
