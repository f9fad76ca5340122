/* `#ifdef __NR_finit_module` (BusyBox's modprobe-small.c): a reserved name in
   a system header's style that no header of ours defines may be defined by
   the real one, so it is a feature, not "undefined": the change under it is
   found (where the real header defines it, as gcc's replay confirms). */
#include <sys/syscall.h>
int f(int fd, int flags)
{
	int r = 1;
#ifdef __NR_finit_module
	if (fd >= 0)
		r = flags != 0;
#endif
	return r;
}
