/* `fputs_unlocked` is declared nowhere liftdiff reads: its stub is
   `int fputs_unlocked()` of the arguments given, one of them a `FILE *`. The
   stub's parameter must not name the front end's FILE type, which gcc's
   headers do not have (it was a type declared in the parameter list, another
   in each declaration: the harness did not compile). */
#define _GNU_SOURCE
#include <stdio.h>

int shout(int x)
{
	if (x > 4)
		fputs_unlocked("big\n", stdout);
	return x;
}
