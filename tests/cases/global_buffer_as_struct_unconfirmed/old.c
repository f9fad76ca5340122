/* As global_buffer_as_struct_eq; the new version returns one more for n == 3.
   The array is the compiled harness's own object, not the witness's buffer,
   so gcc's run cannot show the witness's bytes written there: the difference
   is not confirmed, UNKNOWN (never an unreplayed NOT_EQUIVALENT). */
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
