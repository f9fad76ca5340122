struct pair { int lo : 4; int hi : 4; };

struct pair bump(struct pair p)
{
    struct pair q = { p.lo + p.hi, p.hi + 1 };
    if (p.hi == 7)
        q.hi = 7;
    return q;
}
