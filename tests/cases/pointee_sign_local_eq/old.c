/* As pointee_sign_local_neq, but the new version converts the unsigned bytes
   back to int before widening: the same value in both. */
int get(int fd, void *p);
unsigned long f(int fd) {
	int ver;
	if (get(fd, &ver) != 0)
		return 0;
	return ver;
}
