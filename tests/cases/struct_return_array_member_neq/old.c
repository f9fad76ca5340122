struct S0 { short m0[4]; };
struct S0 f(struct S0 s0, int x0) { return s0; }
