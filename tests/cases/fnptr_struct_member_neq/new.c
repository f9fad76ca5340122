struct handler { int (*on)(int); int bias; };

static int up(int x) { return x + 1; }
static int down(int x) { return x - 1; }

int dispatch(int dir, int x)
{
    struct handler h = { .on = up, .bias = 0 };
    if (dir <= 0)
        h.on = down;
    return h.on(x) + h.bias;
}
