static const signed char table[3] = {1, -2, 3};
int f(int i)
{
	return table[i & 1];
}
