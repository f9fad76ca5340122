struct counter { unsigned long ticks : 40; unsigned long cpu : 24; };

unsigned long twice(struct counter c)
{
    return c.ticks * 2 + (c.ticks - c.ticks - 1);
}
