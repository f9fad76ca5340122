/* As global_buffer_as_struct_eq; the new version returns one more for n == 3.
   The array is the compiled program's own object (not a buffer of the
   witness's memory), so gcc's run is compared on everything else. */
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
	return G.count;
}
