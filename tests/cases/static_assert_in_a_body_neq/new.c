int f(int x)
{
	_Static_assert(sizeof(int) == 4, "int is 32 bits");
	return x + x + (x == 7);
}
