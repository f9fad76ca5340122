/* The same sprintf call in both (a refactor around it): EQUIVALENT whatever it
   writes and returns. */
#include <stdio.h>
void use(const char *s);
int f(const char *name, int x)
{
	char b[64];
	int n = sprintf(b, "%.8s-%d", name, x);
	use(b);
	return n;
}
