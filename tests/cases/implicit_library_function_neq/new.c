/* `sched_getaffinity` is declared nowhere liftdiff reads (its <sched.h> has no
   such function): a call without code, implicitly `int sched_getaffinity()`.
   glibc's <sched.h> declares it, with types of its own, and libc defines it:
   the compiled replay must still run the witness's stub, not the machine's
   real CPU mask (which gave another mask and no event: never a replay). */
#define _GNU_SOURCE
#include <sched.h>

int first_cpus(int pid)
{
	unsigned long mask[16];
	if (sched_getaffinity(pid, sizeof(mask), (void *)mask) != 0)
		return -1;
	return (int)(mask[0] & 3);
}
