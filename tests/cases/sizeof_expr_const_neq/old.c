/* `sizeof` of an expression in an array size is the size of its type (long: 8). */
int f(unsigned n, long k)
{
	return (int)sizeof(char[sizeof(k) + sizeof n]) + (int)(n & 1);
}
