/* An output call given a stream is a call without code: it counts as an event
   in both replays (gcc's harness stubs it), so a later changed call is at the
   same position in the interpreter and the compiled program. */
#include <stdio.h>
int ask(void);
int ask_y(void);
int f(const char *s, int x)
{
	if (x > 3) {
		fprintf(stderr, "overwrite '%s'? ", s);
		if (!ask_y())
			return 0;
	}
	return x;
}
