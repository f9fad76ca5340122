#include <stdio.h>
int ask(void);
int ask_y(void);
int f(const char *s, int x)
{
	if (x <= 3)
		return x;
	fprintf(stderr, "overwrite '%s'? ", s);
	return ask() ? x : 0;
}
