/* A macro that calls the function of its own name (BusyBox's
   `#define listvars(on, off, lp, end) listvars(on, off, end)`): inside its
   expansion the name is the function, so a use chooses between the macro
   and the plain call per configuration (one variant, no split). */
static int scale(int a, int b)
{
	return a * 3 + b;
}
#if ENABLE_BUMP
# define scale(a, b) (scale(a, b) + 1)
#endif
int f(int x)
{
	if (x > 1000 || x < -1000)
		return 0;
	return scale(x, 2);
}
