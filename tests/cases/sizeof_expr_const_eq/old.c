/* `sizeof` of an expression inside a constant expression (an array size):
   BusyBox's BUILD_BUG_ON(sizeof(n) != 4 && sizeof(n) != 8) in utoa_to_buf.
   gcc folds it at LP64 sizes; the expression is not evaluated. */
int f(unsigned n, long k)
{
	((void)sizeof(char[1 - 2*!!(sizeof(n) != 4)]));
	((void)sizeof(char[1 - 2*!!(sizeof(n) != 4 && sizeof(n) != 8)]));
	if (sizeof(n) == 4)
		return (int)sizeof(char[sizeof(k) * 2]) + (int)(n & 1);
	return 0;
}
