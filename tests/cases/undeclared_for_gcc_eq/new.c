#include "generated_bufsiz.h"
int read_some(int fd, char *buf, int size);
int f(int fd)
{
	char *buf = &shared_buf[0];
	setup_bufsiz();
	return read_some(fd, buf, SHARED_SIZE + 0);
}
