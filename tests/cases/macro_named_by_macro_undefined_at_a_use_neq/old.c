/* A macro that another macro's body names, used where it may be undefined:
   there the name is the parameter, so each configuration reads another
   object (the conditional is kept as a split, never read as one macro). */
#define mailval() (vmail + 5)
int f(int vmail)
{
#if ENABLE_MAIL
# define vmail 11
#endif
	if (vmail > 1000 || vmail < -1000)
		return 0;
	return mailval() + 1;
}
