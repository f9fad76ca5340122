/* A block-scope enum whose value is `sizeof` of a local (BusyBox ls.c's
   `enum { BITS_TO_SHIFT = 8 * (sizeof(dif) - sizeof(int)) }`): gcc folds it at
   LP64 sizes, the operand is not evaluated. */
int f(long dif)
{
	if (sizeof(dif) > sizeof(int)) {
		if (dif != 0)
			dif = 1 | (int)((unsigned long)dif >> (sizeof(int) * 8));
	}
	return (int)dif;
}
