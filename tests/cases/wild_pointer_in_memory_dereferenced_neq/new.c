/* A pointer read from memory may hold an address no object can have (a
   wild pointer): the model's dereference of it traps, so the compiled replay
   must not give it a buffer. The new version reads the string's first byte,
   the old one only passes the pointer on: on a wild pointer, and only there,
   the new one faults and the old one does not. */
int work(const char *s);

int run(char **argv)
{
	++argv;
	if (!*argv)
		return -1;
	if (argv[0][0] == '-')
		return work(argv[0]);
	return work(argv[0]);
}
