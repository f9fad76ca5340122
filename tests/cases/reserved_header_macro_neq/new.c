#include <sys/syscall.h>
int f(int fd, int flags)
{
	int r = 1;
#ifdef __NR_finit_module
	if (fd >= 0)
		r = flags == 0;
#endif
	return r;
}
