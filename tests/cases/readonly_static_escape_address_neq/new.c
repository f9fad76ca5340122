static int tbl[2] = { 1, 2 };
int *second = &tbl[1];
int first(int x) { return 1 + x; }
