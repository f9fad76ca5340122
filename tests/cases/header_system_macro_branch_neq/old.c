/* Conditionals of a header on <limits.h>'s macros: gcc's product takes the
   branches the real header takes, as the front end did (to_u is a function
   without code, to_ul the header's inline body), and the harness stubs only
   the former. */
#include "conv.h"
int f(const char *s, int max)
{
	unsigned v = to_u(s);
	unsigned long w = to_ul(s);
#if ENABLE_CHECK
	if (v > max)
		return -1;
#endif
	return v + w;
}
