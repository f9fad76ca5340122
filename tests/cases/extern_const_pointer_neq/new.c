extern int *const bb_errno;
int f(int x) { int e = *bb_errno; return x - e; }
