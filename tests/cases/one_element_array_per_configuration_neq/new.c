enum { OPT_PIPEFAIL,
#if ENABLE_XTRACE
	OPT_XTRACE,
#endif
	NUM_OPT };
struct globals { int last; char opt[NUM_OPT]; };
struct globals G;
int f(int k) {
	int i, n = 0;
	for (i = 0; i < NUM_OPT; i++) {
		G.opt[i] = (char)(k + i);
		n += G.opt[i];
	}
	return n + (NUM_OPT == 1 && k == 5);
}
