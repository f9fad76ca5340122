/* BusyBox's xsocket: `s = "INET"; if (...) s = "PACKET"; ...`. A pointer
   variable given pointers into several string literals points into the heap,
   where each literal is copied at an address of its own (by its text);
   reading through it reads the chosen literal's bytes. The new version adds
   "INET6", whose fifth byte is '6'. (Only read here: a difference in what is
   passed to code we do not have does not replay under gcc.) */
int f(int domain) {
	const char *s = "INET";
	if (domain == 17) s = "PACKET";
	if (domain == 16) s = "NETLINK";
	return s[0] + s[4];
}
