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
	int r = g->port + n;
	return r + (int)g->ident;
}
