/* The same comparator, but qsort is asked to sort two numbers instead of three:
   the calls differ in an argument. */
void qsort(void *base, unsigned long n, unsigned long size,
           int (*compare)(const void *, const void *));
static int ascending(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
int smallest(int *v)
{
    qsort(v, 3, sizeof *v, ascending);
    return v[0];
}
