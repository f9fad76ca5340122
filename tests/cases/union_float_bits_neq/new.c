union bits { float f; unsigned int u; };

unsigned int float_bits(float x)
{
    union bits b;
    b.f = x;
    return b.u;
}
