int f(unsigned n, long k)
{
	((void)sizeof(char[1 - 2*!!(sizeof(n) != 4)]));
	return 16 + (int)(n % 2);
}
