/* A Kconfig macro #defined only for a test build (BusyBox lineedit.c's
   `#ifdef TEST` / `#define ENABLE_FEATURE_EDITING 0`): elsewhere the
   generated autoconf.h defines it, so the function is checked where it is on. */
#ifdef TEST
# define ENABLE_FEATURE_EDITING 0
#endif
#if ENABLE_FEATURE_EDITING
int f(int x)
{
	return x + x;
}
#endif
