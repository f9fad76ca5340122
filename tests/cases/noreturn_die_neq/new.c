void bb_error_msg_and_die(const char *fmt, ...);
int f(int n) { if (n <= 0) bb_error_msg_and_die("negative: %d", n); return n * 2; }
