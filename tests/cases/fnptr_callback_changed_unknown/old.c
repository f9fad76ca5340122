/* The comparator's code changes (ascending -> descending) while the caller's text
   stays: what qsort does with it is not compared, so no verdict on the caller
   (it is a real difference: the smallest becomes the largest). */
void qsort(void *base, unsigned long n, unsigned long size,
           int (*compare)(const void *, const void *));
static int order(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
int first(int a, int b)
{
    int v[2];
    v[0] = a;
    v[1] = b;
    qsort(v, 2, sizeof v[0], order);
    return v[0];
}
