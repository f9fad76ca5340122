long parse(const char *s, char **endp);
long f(const char *s, char **endp)
{
	long n = parse(s, endp);
	char *end = *endp;
	return end[0] == '#' ? n + 1 : n;
}
