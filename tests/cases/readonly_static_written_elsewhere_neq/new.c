static int tbl[2] = { 1, 2 };
void set_first(int v) { tbl[0] = v; }
int first(int x) { return 1 + x; }
