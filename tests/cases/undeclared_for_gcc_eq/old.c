/* The same, written otherwise: equal whatever the header would say. */
#include "generated_bufsiz.h"
int read_some(int fd, char *buf, int size);
int f(int fd)
{
	setup_bufsiz();
	return read_some(fd, &shared_buf[0], SHARED_SIZE);
}
