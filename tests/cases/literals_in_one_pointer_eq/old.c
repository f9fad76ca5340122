/* BusyBox's xsocket: `s = "INET"; if (...) s = "PACKET"; ...` then s passed
   on. A pointer variable given pointers into several string literals points
   into the heap, where each literal is copied at an address of its own (by its
   text); reading through it reads the chosen literal's bytes. */
void die(const char *fmt, const char *s, int type) __attribute__((noreturn));
int f(int domain, int type) {
	const char *s = "INET";
	if (domain == 17) s = "PACKET";
	if (domain == 16) s = "NETLINK";
	if (type < 0)
		die("socket(AF_%s,%d)", s, type);
	return s[0] + s[4];
}
