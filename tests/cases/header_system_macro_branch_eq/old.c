/* The same header, the comparison written the other way round: equal. */
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
