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
#ifndef VERBOSE
	if (g->ident == 7)
		return 0;
#endif
	return (int)g->ident + g->port + n;
}
