/* snprintf writes its buffer only: the global set before it is the one
   returned (the interpreter must not take the solver's made-up effect on it,
   which gcc's run would not show). */
#include <stdio.h>
int g;
void use(const char *s);
int f(int x)
{
	char b[16];
	g = 1;
	snprintf(b, sizeof b, "%d", x);
	int r = g;
	use(b);
	return r;
}
