/* snprintf is a call without code to the model, but C fixes what it returns: a
   witness where it returns 0 for "%d" of 1 is an invented result. The compiled
   replay runs the real snprintf, so no such witness replays: UNKNOWN, never
   NOT_EQUIVALENT. */
#include <stdio.h>
int f(int x) { char b[4]; return snprintf(b, sizeof b, "%d", x); }
