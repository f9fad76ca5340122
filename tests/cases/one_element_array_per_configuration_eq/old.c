/* hush's `char o_opt[NUM_OPT_O]`: an array whose length is an enumeration
   constant that a feature changes, one element in some configurations. */
enum { OPT_PIPEFAIL,
#if ENABLE_XTRACE
	OPT_XTRACE,
#endif
	NUM_OPT };
struct globals { int last; char opt[NUM_OPT]; };
struct globals G;
int f(int k) {
	int i, n = 0;
	for (i = 0; i < NUM_OPT; i++)
		G.opt[i] = (char)(k + i);
	for (i = 0; i < NUM_OPT; i++)
		n += G.opt[i];
	return n;
}
