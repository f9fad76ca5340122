int lookup(const char *s, const char *table);
static const char ops[] = "-r\0-w\0-e\0";
int f(const char *s) {
	int n = lookup(s, ops);
	return n < 0 ? -1 : n;
}
