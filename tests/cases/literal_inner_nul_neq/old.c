/* A string literal with NULs inside (getopt32long's option table) passed to a
   function without code: the compiled replay logs a `char *` argument up to
   its first NUL, so the interpreter's event is compared as C reads it; the
   difference, the function called, then replays under gcc (before, the two
   replays disagreed on the argument and no witness was confirmed). */
unsigned scan_opts(const char *spec, const char *table);
unsigned scan_opts_long(const char *spec, const char *table);
unsigned f(void) {
	return scan_opts("ab:", "all\0" "a" "both\0" "b");
}
