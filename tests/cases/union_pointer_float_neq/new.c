union bits { float f; unsigned int u; };

/* -0.0 has its sign bit set but is not below zero */
unsigned sign_of(union bits *p, float x)
{
    p->f = x;
    return x < 0;
}
