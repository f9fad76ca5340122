/* A local passed to a function without code, whose answer then decides: the
   compiled program passes its own local (on its stack), so the harness learns
   the local's address from the stub row that matches it (any pointer outside
   the witness's buffers, then that one only) and logs the local's bytes at the
   call. Matched against the witness's buffer instead, the stub missed, gcc
   showed both versions equal and vetoed the difference (BusyBox's
   wait_for_reply, safe_poll(pfd, 1, ms) with a local pfd). */
struct watch { int fd; short events; short revents; };
int poll_one(struct watch *w, int n);
int f(int fd)
{
	struct watch w;
	w.fd = fd;
	w.events = 1;
	w.revents = 0;
	if (poll_one(&w, 1) > 2)
		return 1;
	return 0;
}
