static int tbl[2] = { 1, 2 };
void set_first(int v) { tbl[0] = v; }
int first(int x) { return tbl[0] + x; }
