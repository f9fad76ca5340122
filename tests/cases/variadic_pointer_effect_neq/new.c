#include <errno.h>
int ctl(int fd, unsigned long request, ...);
long f(int fd) {
	unsigned v;
	errno = 0;
	if (ctl(fd, 7UL, &v) < 0)
		return -errno;
	return v;
}
