int letter(int yes, int i)
{
    const char *p = yes ? "yes" : "no";
    if (i == 3)
        return 0;
    return p[i];
}
