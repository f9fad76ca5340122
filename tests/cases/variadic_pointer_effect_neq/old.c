/* A variadic function without code (`ioctl`'s shape) is given a pointer past its
   named parameters and writes through it; errno is a global the call sees. The
   compiled replay's stub reads that argument with va_arg, learns the local's
   address from it and writes the witness's bytes there (without it the stub
   matched no row and both versions read zeroes: equal under gcc). */
#include <errno.h>
int ctl(int fd, unsigned long request, ...);
long f(int fd) {
	int v;
	errno = 0;
	if (ctl(fd, 7UL, &v) < 0)
		return -errno;
	return v;
}
