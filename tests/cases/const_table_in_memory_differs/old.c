/* A const table passed to code we do not have whose contents differ between
   the versions: its heap copy is keyed by its contents, so the versions pass
   different objects (the call differs). Keyed by name only, both versions
   constrained one copy to two contents, no input was left and the pair was
   vacuously EQUIVALENT. The compiled replay answers the stub for the program's
   own table (its real address), so gcc confirms the witness. */
int lookup(const char *s, const char *table);
static const char ops[] = "-r\0-w\0-x\0";
int f(const char *s) {
	int n = lookup(s, ops);
	return n < 0 ? -1 : n;
}
