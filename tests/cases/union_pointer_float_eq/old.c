union bits { float f; unsigned int u; };

/* the sign bit of a float, read through the union behind p */
unsigned sign_of(union bits *p, float x)
{
    p->f = x;
    return p->u >> 31;
}
