static int inc(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int neg(int x) { return -x; }

int apply(int op, int x)
{
    switch (op) {
    case 0: return inc(x);
    case 1: return dbl(x);
    case 2: return neg(x);
    }
    return 0;
}
