/* BusyBox's libbb.h caches errno's address: where glibc defines `errno` as a
   macro, `errno` becomes `(*bb_errno)`, a pointer no file of the function
   defines (BusyBox's main sets it). Our headers do not define errno as a macro,
   gcc's do: the compiled replay defines bb_errno pointing to an int of its own
   (not NULL), which the function, the stubs and the harness all read as errno. */
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
