/* BusyBox's `#define read_buf bb_common_bufsiz1` with its generated header
   absent: a name declared nowhere that is subscripted is taken as
   `extern char NAME[];`, an object at an address of its own, the same in
   both versions; what a call without code reads into it is the same too. */
#define read_buf bb_common_bufsiz1
long read(int fd, void *buf, unsigned long n);
int f(int fd)
{
	long n = read(fd, read_buf, 64);
	if (n <= 0)
		return 0;
	if (read_buf[0] == 'x')
		return 1;
	return read_buf[1] == '\n' ? 2 : 3;
}
