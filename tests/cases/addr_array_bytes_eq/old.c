/* `&table` (a pointer to the whole array) converted to a byte pointer points
   to its first element (BusyBox's mempcpy(ptr, &opt_fqdn_req, sizeof(...))). */
static const signed char table[2][3] = {{1, -2, 3}, {-4, 5, -6}};
int f(int i)
{
	const unsigned char *p = (const unsigned char *)&table;
	const unsigned char *q = (const unsigned char *)&table[1];
	i &= 3;
	return p[i] + 1000 * q[i % 3];
}
