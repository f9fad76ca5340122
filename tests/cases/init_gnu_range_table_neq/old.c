static const unsigned char kind[256] = {
    ['0' ... '9'] = 1,
    ['a' ... 'z'] = 2,
};

int classify(unsigned char c)
{
    return kind[c];
}
