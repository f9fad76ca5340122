/* As stub_free_called_by_harness_library_neq, the comparison rewritten. */
void free(void *ptr);
int f(char *p, int x)
{
	free(p);
	return x > 3 ? 1 : 0;
}
