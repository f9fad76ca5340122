int tbl[2] = { 1, 2 };
int pick(int i) { return (i & 1) ? tbl[1] : tbl[0]; }
