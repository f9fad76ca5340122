static int one(int x) { return 1; }
static int two(int x) { return 2; }
int sum(int n)
{
    int (*p)(int) = one;
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += p(i);
        p = two;
    }
    return s;
}
