struct box { short v[1]; int tag; };
static int get(struct box b) { return b.tag + *b.v; }
int f(int k, int t) { struct box b = { { (short)k }, t & 7 }; return get(b); }
