struct globals {
	int count;
	unsigned char flags;
	long total;
};
extern char bufsiz1[256];
#define G (*(struct globals*)&bufsiz1)
int f(int n) {
	int c = G.count + n;
	G.count = c;
	G.total = c + c;
	if (G.flags == 0)
		c = -c;
	return c;
}
