/* In a macro, `__LINE__` is the line of the macro's name where it is used,
   however many lines its arguments take (as gcc expands it). */
#define HERE(x) ((x) + __LINE__)
int f(int s)
{
	return 2 * s + __LINE__ + 0
		;
}
