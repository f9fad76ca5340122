#include <sys/syscall.h>
int f(int fd, int flags)
{
#ifdef __NR_finit_module
	if (fd >= 0)
		return !!flags;
#endif
	return 1;
}
