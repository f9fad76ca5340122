/* A difference in what an object declared nowhere holds (char is signed: the
   byte 0xF0 is -16, not 240). The verdict rests on the front end's reading of
   the name, `extern char bb_common_bufsiz1[];` (an assumption it lists), and gcc,
   which finds it declared nowhere either, replays the witness with the harness
   declaring it so (before, gcc stopped at "undeclared": UNKNOWN). */
#define read_buf bb_common_bufsiz1
long read(int fd, void *buf, unsigned long n);
int f(int fd)
{
	if (read(fd, read_buf, 64) <= 0)
		return 0;
	return read_buf[0] == 0xF0;
}
