int lookup(const char *table, const char *key);
static const char ops[] = "-r\0-w\0-x\0";
int f(const char *s)
{
	int n = lookup(ops, s);
	if (n >= 6)
		return n;
	return 0;
}
