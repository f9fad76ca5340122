union word { int i; unsigned char b[4]; };

int assemble(int lo, int hi)
{
    return (int)((unsigned)(lo & 0xffff) | (unsigned)hi << 16);
}
