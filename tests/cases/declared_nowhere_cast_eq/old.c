/* BusyBox's `#define G (*(struct globals*)bb_common_bufsiz1)`, with the generated
   header that declares bb_common_bufsiz1 absent: converted to a pointer, a
   name declared nowhere is an unknown address that only calls without code
   change, the same in both versions. */
struct globals { long out_full, out_part; };
#define G (*(struct globals *)bb_common_bufsiz1)
long full_write(int fd, const void *buf, unsigned long len);
int f(const char *buf, unsigned long len) {
	long n = full_write(1, buf, len);
	if (n < 0)
		return 1;
	if ((unsigned long)n == len)
		G.out_full++;
	else if (n)
		G.out_part++;
	return 0;
}
