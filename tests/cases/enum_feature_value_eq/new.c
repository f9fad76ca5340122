enum { OPT_A = 1 << 0, OPT_V = (1 << 2) * ENABLE_VERBOSE, OPT_N };
int f(int flags) { return ENABLE_VERBOSE && (flags & (OPT_N - 1)); }
