/* A fallback for an old C library (BusyBox seedrng.c's getrandom for glibc
   <= 2.24): the platform is taken as current glibc, so neither version defines
   it in any configuration; the reason says so, not "only in the old version". */
#if defined(__GLIBC__) && __GLIBC__ == 2 && __GLIBC_MINOR__ <= 24
static long g(long n)
{
	return n;
}
#endif
