union word { unsigned int u; unsigned char b[4]; };

int second_byte(unsigned int x)
{
    return (x >> 8) & 0xff;
}
