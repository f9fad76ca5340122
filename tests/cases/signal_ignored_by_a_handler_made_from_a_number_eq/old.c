/* SIG_IGN is `(sighandler_t) 1`: a function pointer made from a number, given
   to a function without code. It names no function here: the event holds the
   address, and the compiled harness compares the argument with it. */
#include <signal.h>

int quiet(int sig, int also_pipe)
{
	signal(sig, SIG_IGN);
	if (also_pipe)
		signal(SIGPIPE, SIG_IGN);
	return also_pipe;
}
