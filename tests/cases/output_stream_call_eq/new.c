#include <stdio.h>
int f(const char *s, int x) {
	if (x <= 3)
		return x;
	fprintf(stderr, "big %s\n", s);
	return x;
}
