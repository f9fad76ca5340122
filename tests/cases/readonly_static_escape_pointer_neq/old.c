static int tbl[2] = { 1, 2 };
int *tbl_view = tbl;
int first(int x) { return tbl[0] + x; }
