static int tbl[2] = { 1, 2 };
int first(int x) { return x + tbl[0]; }
