int mode_length(int on, int off)
{
    return on ? 2 : off ? 3 : 5;
}
