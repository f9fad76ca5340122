struct globals {
	int added;
	int sock;
	unsigned char ttl;
	long count;
};

#define G (*g)
int f(struct globals *g, int n) {
	G.count = G.count + n;
	return G.sock + G.ttl;
}
