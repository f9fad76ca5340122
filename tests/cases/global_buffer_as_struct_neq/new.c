struct globals {
	int count;
	unsigned char flags;
	long total;
};
extern char bufsiz1[256];
#define G (*(struct globals*)&bufsiz1)
int f(int n) {
	G.count = n;
	G.total = G.count * 2L;
	return G.count + (n == 3);
}
