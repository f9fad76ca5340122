static int tbl[2] = { 1, 2 };
int *tbl_view = tbl;
int first(int x) { return 1 + x; }
