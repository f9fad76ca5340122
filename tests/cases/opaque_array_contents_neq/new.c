/* BusyBox keeps an applet's globals in a buffer that a generated header
   declares (`#define G (*(struct globals*)bb_common_bufsiz1)`; the header is
   absent here): the array is an input, and the compiled replay lays the
   witness's bytes out in the array the program reads. */
struct globals {
	int verbose;
	int count;
};
#define G (*(struct globals *)&bb_common_bufsiz1[8])
int f(int x)
{
	if (x > 1000 || x < -1000 || G.count > 1000 || G.count < -1000)
		return 0;
	return G.count * 2 + x;
}
