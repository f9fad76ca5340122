/* An output call given a pointer (a stream, text in memory) is a call without
   code: an event over its arguments and the memory, the same in both versions. */
#include <stdio.h>
int f(const char *s, int x) { if (x > 3) fprintf(stderr, "big %s\n", s); return x; }
