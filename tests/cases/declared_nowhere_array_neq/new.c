#define read_buf bb_common_bufsiz1
long read(int fd, void *buf, unsigned long n);
int f(int fd)
{
	if (read(fd, read_buf, 64) <= 0)
		return 0;
	return (unsigned char)read_buf[0] == 0xF0;
}
