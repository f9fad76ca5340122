unsigned scan_opts(const char *spec, const char *table);
unsigned f(void) {
	return scan_opts("ab" ":", "all\0a" "both\0b");
}
