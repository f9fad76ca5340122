/* A comparator passed to qsort: the same function (same code) in both versions,
   so the calls cancel. */
void qsort(void *base, unsigned long n, unsigned long size,
           int (*compare)(const void *, const void *));
static int ascending(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
int smallest(int a, int b, int c)
{
    int v[3];
    v[0] = a;
    v[1] = b;
    v[2] = c;
    qsort(v, sizeof v / sizeof v[0], sizeof v[0], ascending);
    return *v;
}
