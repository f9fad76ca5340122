void free(void *ptr);
int f(char *p, int x)
{
	free(p);
	return x > 4 ? 1 : 0;
}
