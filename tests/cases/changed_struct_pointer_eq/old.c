/* BusyBox's `struct globals` (traceroute.c, test.c): the commit adds a member
   (here under a feature) that the function does not use. The pointer input is
   an address either way; the members both versions declare lie at the same
   offsets, so old and new share it and read the same bytes. */
struct globals {
	int sock;
	unsigned char ttl;
	long count;
};

#define G (*g)
int f(struct globals *g, int n) {
	G.count += n;
	return G.sock + G.ttl;
}
