/* gcc's __FUNCTION__ and __PRETTY_FUNCTION__ are C's __func__ (not names
   declared nowhere). */
int f(int x)
{
	return x + __FUNCTION__[0] + __PRETTY_FUNCTION__[1] * 3;
}
