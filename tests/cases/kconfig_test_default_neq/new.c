/* The function exists where the build (not the test branch) turns it on. */
#ifdef TEST
# define ENABLE_FEATURE_EDITING 0
#endif
#if ENABLE_FEATURE_EDITING
int f(int x)
{
	return x * 2 + 1;
}
#endif
