/* BusyBox hush's dup_CLOEXEC: a loop made with two gotos back to one label.
   Unrolling unfolds for/while/do only, so the bounded search has no loop-free
   product to run on: UNKNOWN with that reason (it was an internal error). */
int fcntl(int fd, int cmd, int arg);
extern int errno;
int f(int fd, int avoid_fd)
{
	int newfd;
 repeat:
	newfd = fcntl(fd, 1030, avoid_fd + 1);
	if (newfd >= 0) {
		if (1030 == 0)
			newfd++;
	} else {
		if (errno == 16)
			goto repeat;
		if (errno == 4)
			goto repeat;
	}
	return newfd;
}
