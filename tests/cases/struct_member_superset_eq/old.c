/* A member under #ifdef that the function reads under the same #ifdef: the
   struct is declared with every member (one variant, not one per
   configuration); the difference is in the build without the member, where
   `ident` lies 8 bytes nearer the start. */
struct globals {
	long *from;
#ifdef VERBOSE
	long *to;
#endif
	unsigned ident;
	unsigned short port;
};
int f(struct globals *g, int n) {
	if (n < 0)
		return -1;
#ifdef VERBOSE
	if (g->to == 0)
		return 1;
#endif
	return (int)g->ident + g->port + n;
}
