/* sizeof of a local long in a block-scope enum is 8, not an int's 4. */
int f(long dif)
{
	if (dif != 0)
		dif = 1 | (int)((unsigned long)dif >> 32);
	return (int)dif;
}
