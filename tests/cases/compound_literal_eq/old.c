struct point { int x, y; };

static int sum(const struct point *p)
{
    return p->x + p->y;
}

int weigh(int a)
{
    int *q = (int[]){ a, a + 1, a + 2 };
    struct point p = (struct point){ a, 2 };
    return sum(&(struct point){ .y = a }) + q[2] + p.x * p.y + (int)sizeof((int[]){ 1, 2, 3 });
}
