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
	if (!g->to)
		return 1;
#endif
	return n + g->port + (int)g->ident;
}
