union word { unsigned int u; unsigned char b[4]; };

/* big-endian thinking: wrong on x86-64 */
int second_byte(unsigned int x)
{
    return (x >> 16) & 0xff;
}
