int tbl[2] = { 1, 2 };
int first(int x) { return 1 + x; }
