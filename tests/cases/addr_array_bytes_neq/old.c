/* As addr_array_bytes_eq: read through a byte pointer, -2 is 254. */
static const signed char table[3] = {1, -2, 3};
int f(int i)
{
	const unsigned char *p = (const unsigned char *)&table;
	return p[i & 1];
}
