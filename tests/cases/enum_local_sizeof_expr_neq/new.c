int f(long dif)
{
	enum { SHIFT = 8 * (sizeof(dif) - sizeof(short)) };
	if (dif != 0)
		dif = 1 | (int)((unsigned long)dif >> SHIFT);
	return (int)dif;
}
