struct item { int key; long value; };
long sum(struct item *a, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        struct item *it = &a[i];
        s += it->value;
    }
    return s;
}
