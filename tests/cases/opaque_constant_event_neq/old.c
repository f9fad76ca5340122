/* A syscall number from a header we do not have (<sys/syscall.h>, BusyBox's
   modprobe-small.c): the difference (the call's third argument) does not
   depend on its value, but the witness's call must be the one gcc makes, so
   the witness is replayed with the value the real header gives it (175 on
   x86-64 Linux, where these tests run). */
#include <sys/syscall.h>
long sys_call3(long number, const char *image, int len);
int f(const char *image, int len)
{
	return sys_call3(__NR_init_module, image, len) != 0;
}
