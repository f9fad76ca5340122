int count(const char *q, int n)
{
    char *p = 0;
    int c = 0;
    for (int i = 0; i < n; i++) {
        if (p == q)
            c++;
        p += 1;
    }
    return c;
}
