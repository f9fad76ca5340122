int get(int fd, void *p);
unsigned long f(int fd) {
	unsigned ver;
	if (get(fd, &ver) != 0)
		return 0;
	return (int)ver;
}
