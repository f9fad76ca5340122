static int tbl[2] = { 1, 2 };
int *second = &tbl[1];
int first(int x) { return tbl[0] + x; }
