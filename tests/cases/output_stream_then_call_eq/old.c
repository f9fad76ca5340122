/* The same calls (fprintf on a stream, then ask) in a different shape: equal. */
#include <stdio.h>
int ask(void);
int ask_y(void);
int f(const char *s, int x)
{
	if (x > 3) {
		fprintf(stderr, "overwrite '%s'? ", s);
		if (!ask())
			return 0;
	}
	return x;
}
