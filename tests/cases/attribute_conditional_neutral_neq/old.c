/* An attribute that changes nothing a program computes, under a conditional
   (BusyBox's `IF_ECHO(MAIN_EXTERNALLY_VISIBLE)`): dropped before lifting, so
   the prototype is one declaration, not one per configuration. */
#define KEEP __attribute__((unused, visibility("hidden")))
static int helper(int a)
#if ENABLE_KEEP
	KEEP
#endif
;
static int helper(int a)
{
	return a * 2;
}
int f(int x)
{
	if (x > 1000 || x < -1000)
		return 0;
	return helper(x) + 1;
}
