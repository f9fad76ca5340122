#include <stdio.h>
void use(const char *s);
int f(const char *name, int x)
{
	char b[64];
	int y = x;
	int n;
	n = sprintf(b, "%.8s-%d", name, y);
	use(b);
	return n;
}
