/* A call without code that stores a pointer through an out-parameter: the
   harness's stub stores the real address of the object the witness chose, so
   the function reads there what the interpreter read. */
long parse(const char *s, char **endp);
long f(const char *s, char **endp)
{
	long n = parse(s, endp);
	if (**endp == '#')
		return n + 1;
	return n;
}
