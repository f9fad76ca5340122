/* A real difference through a local the callee writes (`end` points to a NUL):
   the local lives in the heap at an address of its own, and the compiled
   harness's stub writes the pointer as the real address of that place, so gcc
   replays the witness too. */
unsigned long strtoul(const char *s, char **end, int base);
int f(const char *s) {
	char *end;
	unsigned long v;
	v = strtoul(s, &end, 10);
	if (end[0] != 'x')
		return -1;
	return v;
}
