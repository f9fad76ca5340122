/* A string literal passed through an inlined function's pointer parameter to a
   function without code is compared by content, as one passed directly: here
   the wrapper passes it one character on, and the calls differ. */
void report(const char *s);
static void wrap(const char *s) { report(s + 1); }
int f(int x) {
	if (x < 0)
		report("negative");
	return x;
}
