int f(unsigned char c)
{
    switch (c) {
    case 0 ... 9:
        return 1;
    default:
        return 0;
    }
}
