struct S { int a[4]; int b; };
int f(int i)
{
    struct S s = {{1, 2, 3, 4}, 5};
    if (i < 0 || i > 3)
        return s.b;
    return s.a[i];
}
