static int tbl[2] = { 1, 2 };
#ifdef CFG_RESET
void reset(void) { tbl[0] = 0; }
#endif
int first(int x) { return 1 + x; }
