/* A difference in what an object declared nowhere holds (char is signed: the
   byte 0xF0 is -16, not 240): the interpreter shows it, but gcc cannot
   compile the witness without the real declaration, so it is not confirmed. */
#define read_buf bb_common_bufsiz1
long read(int fd, void *buf, unsigned long n);
int f(int fd)
{
	if (read(fd, read_buf, 64) <= 0)
		return 0;
	return read_buf[0] == 0xF0;
}
