union bits { float f; unsigned int u; };

unsigned sign_of(union bits *p, float x)
{
    p->f = x;
    return p->u >> 31;
}
