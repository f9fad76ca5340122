int calls;

static int next(void)
{
    return ++calls;
}

struct slot { int id, state; };

int fill(void)
{
    struct slot s[3] = { [0 ... 2] = { next(), 5 } };
    return s[0].id + s[2].id + s[1].state;
}
