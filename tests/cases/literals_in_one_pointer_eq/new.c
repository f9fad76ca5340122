void die(const char *fmt, const char *s, int type) __attribute__((noreturn));
int f(int domain, int type) {
	const char *s;
	if (domain == 16)
		s = "NETLINK";
	else if (domain == 17)
		s = "PACKET";
	else
		s = "INET";
	if (type < 0)
		die("socket(AF_%s,%d)", s, type);
	return s[0] + s[4];
}
