static int tbl[2] = { 1, 2 };
int *tbl_view = tbl;
int pick(int i) { return tbl[i & 1]; }
