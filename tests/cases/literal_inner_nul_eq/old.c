/* The same table written as other pieces of literal: the same bytes, NULs
   inside included, so the same call. */
unsigned scan_opts(const char *spec, const char *table);
unsigned f(void) {
	return scan_opts("ab:", "all\0" "a" "both\0" "b");
}
