/* SIG_IGN is `(sighandler_t) 1`: a function pointer made from a number, given
   to a function without code. It names no function here: the event holds the
   address, and the compiled harness compares the argument with it. */
#include <signal.h>

int quiet(int sig, int also_pipe)
{
	void (*ignore)(int) = (void (*)(int))1;
	signal(sig, ignore);
	if (!also_pipe)
		return 0;
	signal(SIGPIPE, ignore);
	return also_pipe;
}
