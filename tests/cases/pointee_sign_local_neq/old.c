/* BusyBox's fgetsetversion (e2fs_lib.c, bef0e2609d): a local whose address goes
   to code we do not have changes from int to unsigned, and the value it
   receives is widened to unsigned long: sign extension in the old version,
   zero extension in the new one. The local is the same bytes in both (one
   address, shared); the witness's `get` writes a negative int there. */
int get(int fd, void *p);
unsigned long f(int fd) {
	int ver;
	if (get(fd, &ver) != 0)
		return 0;
	return ver;
}
