/* An absent generated header (BusyBox's common_bufsiz.h) leaves a constant, an
   array and a function declared nowhere, for liftdiff and for gcc alike: the
   front end takes them as an unknown int, `extern char X[];` and a call without
   code (`int f()`); the compiled replay declares them so too (the constant at the
   witness's value), where before gcc stopped at "undeclared" and no witness of
   the difference could replay. */
#include "generated_bufsiz.h"
int read_some(int fd, char *buf, int size);
int f(int fd)
{
	setup_bufsiz();
	return read_some(fd, &shared_buf[0], SHARED_SIZE);
}
