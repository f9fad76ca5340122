struct globals { long out_full, out_part; };
#define G (*(struct globals *)bb_common_bufsiz1)
long full_write(int fd, const void *buf, unsigned long len);
int f(const char *buf, unsigned long len) {
	long n = full_write(1, buf, len);
	if (n < 0)
		return 1;
	if ((unsigned long)n != len) {
		if (n != 0)
			G.out_part += 1;
		return 0;
	}
	G.out_full += 1;
	return 0;
}
