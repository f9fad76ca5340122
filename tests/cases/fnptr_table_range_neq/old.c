static int inc(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }

static int (*const ops[])(int) = { inc, dbl };

int apply(int op, int x)
{
    return ops[op](x);
}
