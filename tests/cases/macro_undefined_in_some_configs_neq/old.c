/* BusyBox tftp.c (708670a684): bb_error_msg -> bb_info_msg, where libbb.h defines
   `#define bb_info_msg bb_error_msg` only without FEATURE_SYSLOG_INFO. The macro is
   undefined in the other configurations, so the two calls differ there (the
   definitions were once taken as the same everywhere: EQUIVALENT, wrongly). */
void bb_error_msg(const char *s, ...);
#if ENABLE_FEATURE_SYSLOG_INFO
void bb_info_msg(const char *s, ...);
#else
#define bb_info_msg bb_error_msg
#endif
int f(int x) {
#if ENABLE_DEBUG
	bb_error_msg("using %u", x);
#endif
	return x;
}
