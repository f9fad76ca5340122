/* As variadic_pointer_effect_neq, with the value read back as int. */
#include <errno.h>
int ctl(int fd, unsigned long request, ...);
long f(int fd) {
	int v;
	errno = 0;
	if (ctl(fd, 7UL, &v) < 0)
		return -errno;
	return v;
}
