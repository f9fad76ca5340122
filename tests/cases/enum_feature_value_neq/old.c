/* BusyBox's libbb.h: `FILEUTILS_VERBOSE = (1 << 12) * ENABLE_FEATURE_VERBOSE`, an
   enumeration constant whose value is one per configuration, and the next one
   counting on from it. */
enum { OPT_A = 1 << 0, OPT_V = (1 << 2) * ENABLE_VERBOSE, OPT_N };
int f(int flags) { return (flags & OPT_V) != 0; }
