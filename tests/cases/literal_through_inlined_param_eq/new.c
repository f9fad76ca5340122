/* A string literal passed through an inlined function's pointer parameter to a
   function without code is the same argument as the literal passed directly
   (BusyBox's static inline bb_not_simple_perror_msg_and_die(s) calling
   bb_simple_perror_msg_and_die(s)): once compared by address, UNKNOWN. */
void report(const char *s);
static void wrap(const char *s) { report(s); }
int f(int x) {
	if (x < 0)
		report("negative");
	return x;
}
