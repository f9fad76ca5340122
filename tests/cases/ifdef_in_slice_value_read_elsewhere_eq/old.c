/* A macro `f` tests only with #ifdef while the file reads its value
   elsewhere (in a helper `f` does not call, left out of its slice): `-DB=0`
   is a build of its own, so the head says `defined(B)`, never a bare `B`
   that reads as its value (fuzz pair call-592). */
static int helper(int a)
{
#if B
	return a + 1;
#else
	return a;
#endif
}
int f(int x)
{
	if (x > 1000 || x < -1000)
		return 0;
#ifdef B
	return x + 2;
#else
	return x;
#endif
}
