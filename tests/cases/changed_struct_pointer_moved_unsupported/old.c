/* A member inserted before the ones the function uses moves them: the same
   bytes would mean different members in old and new, so the pointer input is
   not shared (a signature change, with the member named). */
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
