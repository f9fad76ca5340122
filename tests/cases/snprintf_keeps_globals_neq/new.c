#include <stdio.h>
int g;
void use(const char *s);
int f(int x)
{
	char b[16];
	g = 2;
	snprintf(b, sizeof b, "%d", x);
	int r = g;
	use(b);
	return r;
}
