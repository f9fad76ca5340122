#include "conv.h"
int f(const char *s, int max)
{
	unsigned v = to_u(s);
	unsigned long w = to_ul(s);
#if ENABLE_CHECK
	if (max < v)
		return -1;
#endif
	return v + w;
}
