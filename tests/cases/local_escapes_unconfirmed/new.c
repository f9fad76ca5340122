/* A real difference through a local the callee writes: the compiled harness's stub
   cannot put the witness's bytes into the real (stack) object, so the difference
   is not confirmed and the verdict stays UNKNOWN, never an unreplayed NEQ. */
unsigned long strtoul(const char *s, char **end, int base);
int f(const char *s) {
	char *end;
	unsigned long v;
	v = strtoul(s, &end, 10);
	if (end[0] != 'x')
		return -1;
	return v;
}
