int f(int x)
{
	return (int)sizeof(bz_stream) + x;
}
