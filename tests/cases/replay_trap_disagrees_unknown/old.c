struct S { int a[4]; int b; };
int f(int i)
{
    struct S s = {{1, 2, 3, 4}, 5};
    int *p = s.a;
    if (i < 0 || i > 4)
        return 0;
    return p[i];
}
