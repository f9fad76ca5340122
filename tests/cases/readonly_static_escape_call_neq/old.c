static int tbl[2] = { 1, 2 };
static void clear(int *q) { q[0] = 0; }
void reset(void) { clear(tbl); }
int first(int x) { return tbl[0] + x; }
