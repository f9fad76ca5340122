union bits { float f; unsigned int u; };

unsigned int float_bits(float x)
{
    return x == 0 ? 0 : 1;
}
