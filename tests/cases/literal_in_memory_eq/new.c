int f(char **argv) {
	argv++;
	if (argv[0] == 0) {
		argv--;
		argv[0] = (char *)"-";
	}
	return argv[0][0];
}
