int mode_length(int on, int off)
{
    if (on)
        return 2;
    return off ? 3 : 4;
}
