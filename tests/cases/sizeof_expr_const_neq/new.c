int f(unsigned n, long k)
{
	return 11 + (int)(n & 1);
}
