void bb_error_msg(const char *s, ...);
#if ENABLE_FEATURE_SYSLOG_INFO
void bb_info_msg(const char *s, ...);
#else
#define bb_info_msg bb_error_msg
#endif
int f(int x) {
	bb_info_msg("using %u", x);
	return x;
}
