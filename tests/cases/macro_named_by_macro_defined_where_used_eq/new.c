/* Macros that other macros' bodies name, defined only where they are used
   (ash's `# define vmail varinit[1]` under `#if ENABLE_ASH_MAIL`, read by
   `mailval()` under the same condition): defined alike wherever a use of the
   outer macro reaches them, so they stay plain macros (one variant). */
#define slot(i) ((i) * 10 + 3)
#if ENABLE_MAIL
# define vmail slot(1)
#endif
#define vpath slot(2)
#if ENABLE_MAIL
# define mailval() (vmail + 5)
#endif
int f(int x)
{
	if (x > 1000 || x < -1000)
		return 0;
#if ENABLE_MAIL
	if (x == 7)
		return slot(1) + 5;
#endif
	return vpath + x;
}
