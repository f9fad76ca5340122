/* A witness lists every cell of an array member and none past it: short[4]
 * and unsigned char[4] are 4 cells each, in the inputs and the outputs. */
struct S0 { short m0[4]; unsigned char m1[4]; };
struct S0 g;
int f(struct S0 s, int x)
{
    g = s;
    return x + g.m0[x & 3];
}
