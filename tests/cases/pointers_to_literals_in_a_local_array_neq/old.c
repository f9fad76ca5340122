/* A local array of pointers to string literals is given to a function
   without code (an argv for `spawn`). The versions store pointers to other
   literals: the callee can read them, so they differ. The compiled replay's
   pointers are real addresses, so each call logs where the stored pointers
   point (here: the literal's text), as the interpreter's memory says. */
int spawn(char **argv);

int add_group(const char *name)
{
	char *argv[4];
	argv[0] = (char *)"addgroup";
	argv[1] = (char *)"-g";
	argv[2] = (char *)name;
	argv[3] = 0;
	return spawn(argv);
}
