/* An object of an absent header, written the same way twice: equal. */
#include "common_bufsiz.h"
struct globals { long full, part; };
#define G (*(struct globals*)bb_common_bufsiz1)
int ext(void);
int f(int n, int obs)
{
	if (n == obs)
		G.full++;
	else if (n)
		G.part++;
	return ext();
}
