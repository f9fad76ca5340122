static int tbl[2] = { 1, 2 };
void set_first(int v) { tbl[0] = v; }
int pick(int i) { return (i & 1) ? tbl[1] : tbl[0]; }
