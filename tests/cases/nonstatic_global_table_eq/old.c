int tbl[2] = { 1, 2 };
int pick(int i) { return tbl[i & 1]; }
