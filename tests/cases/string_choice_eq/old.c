int mode_length(int on, int off)
{
    const char *mode = on ? "on" : off ? "off" : "auto";
    int n = 0;
    while (mode[n])
        n++;
    return n;
}
