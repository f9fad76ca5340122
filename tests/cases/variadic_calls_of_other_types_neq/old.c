/* `open` is variadic, and its two calls pass different arguments past the
   named ones: none, then the mode. The compiled stub reads (and logs) each
   call's extra arguments as that call passes them, so the mode that differs
   is seen by gcc too (it logged the named arguments only, and the witness
   never replayed). */
#include <fcntl.h>
#include <unistd.h>

int copy_target(const char *from, const char *to)
{
	int in = open(from, O_RDONLY);
	if (in < 0)
		return -1;
	int out = open(to, O_WRONLY | O_CREAT, 0644);
	close(in);
	return out;
}
