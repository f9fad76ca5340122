/* An object declared in a header that is absent (BusyBox's generated
   common_bufsiz.h declares bb_common_bufsiz1): the harness defines it. */
#include "common_bufsiz.h"
struct globals { long full, part; };
#define G (*(struct globals*)bb_common_bufsiz1)
int ext(void);
int f(int n, int obs)
{
	if (n == obs)
		G.full++;
	else if (n)
		G.part += 2;
	return ext();
}
