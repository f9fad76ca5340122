/* BusyBox's `#define G (*(struct globals*)&bb_common_bufsiz1)`: a global char
   array used as storage for a struct. The array is then in memory at an
   address of its own, the same in both versions, and its members are bytes
   there (inputs and outputs, as any global's). */
struct globals {
	int count;
	unsigned char flags;
	long total;
};
extern char bufsiz1[256];
#define G (*(struct globals*)&bufsiz1)
int f(int n) {
	G.count += n;
	G.total = G.count * 2;
	return G.flags ? G.count : -G.count;
}
