/* One-element array members of a local struct and of a struct parameter. */
struct box { short v[1]; int tag; };
static int get(struct box b) { return b.v[0] + b.tag; }
int f(int k, int t) { struct box b; b.v[0] = (short)k; b.tag = t & 7; return get(b); }
