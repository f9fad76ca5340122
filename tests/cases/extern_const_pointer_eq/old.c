/* BusyBox's errno: `extern int *const bb_errno; #define errno (*bb_errno)`, set
   by another file: a const object whose value is not known here is an input. */
extern int *const bb_errno;
int f(int x) { int e = *bb_errno; return e + x; }
