/* As errno_pointer_cached_neq, the new version reading errno once into a local. */
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
		return -errno;
	return r;
}
