#include <errno.h>
#if defined(errno)
extern int *const bb_errno;
#undef errno
#define errno (*bb_errno)
#endif
int get(int fd);
int f(int fd) {
	int r;
	errno = 0;
	r = get(fd);
	if (r < 0)
		return -1;
	return r;
}
