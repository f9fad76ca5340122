int letter(int yes, int i)
{
    const char *p = yes ? "yes" : "no";
    return p[i];
}
