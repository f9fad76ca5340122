#define read_buf bb_common_bufsiz1
long read(int fd, void *buf, unsigned long n);
int f(int fd)
{
	unsigned char *p = (unsigned char *)&read_buf[0];
	long n = read(fd, read_buf, 64);
	if (n <= 0)
		return 0;
	switch (p[0]) {
	case 'x':
		return 1;
	}
	return p[1] == '\n' ? 2 : 3;
}
