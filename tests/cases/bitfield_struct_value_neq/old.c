struct pair { int lo : 4; int hi : 4; };

struct pair bump(struct pair p)
{
    struct pair q = p;
    q.hi++;
    q.lo += p.hi;
    return q;
}
