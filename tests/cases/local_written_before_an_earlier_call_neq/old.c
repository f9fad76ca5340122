/* The local `len` is written, then a call that is not given it (`probe`),
   then a call given its address (`fill`). `probe` cannot see `len`: its bytes
   are no difference there (the model compared the whole memory at every
   call, so every input differed at `probe` and the NEQ-summary's body was
   "every input"), and the compiled harness, which learns where the local
   lives only at `fill`, is not asked for them at `probe` (it logged a stale
   copy there: the replays disagreed). */
#include <stddef.h>

int probe(int fd);
long fill(size_t *len);

long measure(int fd)
{
	size_t len = 100;
	if (probe(fd) != 0)
		return -1;
	return fill(&len) + (long)len;
}
