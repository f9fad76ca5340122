static int tbl[2] = { 1, 2 };
int first(int x) { return tbl[1] + x - 1; }
