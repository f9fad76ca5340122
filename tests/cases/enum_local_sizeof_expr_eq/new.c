int f(long dif)
{
	if (sizeof(dif) > sizeof(int)) {
		enum { BITS_TO_SHIFT = 8 * (sizeof(dif) - sizeof(int)) };
		if (dif != 0)
			dif = 1 | (int)((unsigned long)dif >> BITS_TO_SHIFT);
	}
	return (int)dif;
}
