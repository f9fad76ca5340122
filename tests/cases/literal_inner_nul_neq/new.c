unsigned scan_opts(const char *spec, const char *table);
unsigned scan_opts_long(const char *spec, const char *table);
unsigned f(void) {
	return scan_opts_long("ab:", "all\0" "a" "both\0" "b");
}
