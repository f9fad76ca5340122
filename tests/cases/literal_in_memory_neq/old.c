/* BusyBox's `*--argv = (char*)"-";`: a pointer to a string literal stored in
   memory. The literal is then in the heap at an address of its own (by its
   text, as gcc merges equal literals), holding its bytes from the entry on. */
int f(char **argv) {
	argv++;
	if (!argv[0])
		*--argv = (char *)"-";
	return argv[0][0];
}
