struct watch { int fd; short events; short revents; };
int poll_one(struct watch *w, int n);
int f(int fd)
{
	struct watch w;
	w.fd = fd;
	w.events = 1;
	w.revents = 0;
	if (poll_one(&w, 1) >= 3)
		return 1;
	return 0;
}
