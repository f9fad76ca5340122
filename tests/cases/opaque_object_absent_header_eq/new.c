#include "common_bufsiz.h"
struct globals { long full, part; };
#define G (*(struct globals*)bb_common_bufsiz1)
int ext(void);
int f(int n, int obs)
{
	if (n == obs)
		G.full++;
	else if (n)
		G.part = G.part + 1;
	return ext();
}
