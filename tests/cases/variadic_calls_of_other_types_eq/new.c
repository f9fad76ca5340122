/* `open` is variadic, and its two calls pass different arguments past the
   named ones: none, then the mode. Equal: the mode written in octal and in
   hexadecimal. */
#include <fcntl.h>
#include <unistd.h>

int copy_target(const char *from, const char *to)
{
	int in = open(from, O_RDONLY);
	if (in < 0)
		return -1;
	int out = open(to, O_WRONLY | O_CREAT, 0x1a4);
	close(in);
	return out;
}
