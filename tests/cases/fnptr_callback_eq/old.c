static int square(int x) { return x * x; }
static int twice(int x) { return x + x; }

static int fold(int (*step)(int), int v)
{
    return step(step(v));
}

int run(int which, int v)
{
    int (*step)(int) = which ? square : twice;
    return fold(step, v) + (step == twice);
}
