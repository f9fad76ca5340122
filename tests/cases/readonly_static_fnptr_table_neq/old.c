static int inc(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int neg(int x) { return -x; }

static int (*ops[])(int) = { inc, neg, dbl };

int apply(int op, int x)
{
    if (op < 0 || op > 2)
        return 0;
    return ops[op](x);
}
