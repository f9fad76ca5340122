/* A local object passed to a function without code (`strtoul(s, &end, 10)`,
   `stat(path, &st)`) lives in memory at an address of its own, the same in both
   versions, so the unchanged call cancels; what the callee writes there is
   an unknown function of the call, read back alike. */
unsigned long strtoul(const char *s, char **end, int base);
int f(const char *s) {
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (*end != 0)
		return -1;
	return (int)v;
}
