/* The pointer a call stores through an out-parameter, read once or twice: equal. */
long parse(const char *s, char **endp);
long f(const char *s, char **endp)
{
	long n = parse(s, endp);
	if (**endp == '#')
		return n + 1;
	return n;
}
