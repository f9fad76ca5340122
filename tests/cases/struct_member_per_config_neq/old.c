/* A struct with a member under #if (traceroute.c's `struct globals`): each
   configuration lays it out its own way, in old and new alike. Only the old
   and new variants of one configuration are compared; pairing a variant with
   the other configuration's (no build has both) made the pointer's type differ. */
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
	return (int)g->ident + g->port + n;
}
