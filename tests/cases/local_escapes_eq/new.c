unsigned long strtoul(const char *s, char **end, int base);
int f(const char *s) {
	char *end;
	unsigned long v;
	v = strtoul(s, &end, 10);
	if (end[0] != '\0')
		return -1;
	return v;
}
