struct globals {
	int sock;
	unsigned char ttl;
#ifdef FEATURE_VERBOSE
	unsigned char verbose;
#endif
	long count;
};

#define G (*g)
int f(struct globals *g, int n) {
	int r = G.sock + G.ttl;
	G.count = G.count + n;
	return r + (G.count == 7);
}
