int skip_blanks(const char *s)
{
    int n = 0;
    while (s[n] == ' ' || (s[n] >= '\t' && s[n] <= '\r'))
        n++;
    return n;
}
