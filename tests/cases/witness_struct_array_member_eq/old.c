/* The same read through the parameter or through the global it was copied to. */
struct S0 { short m0[4]; unsigned char m1[4]; };
struct S0 g;
int f(struct S0 s, int x)
{
    g = s;
    return x + g.m0[x & 3];
}
