/* As const_table_to_external_result_neq, the comparison rewritten. */
int lookup(const char *table, const char *key);
static const char ops[] = "-r\0-w\0-x\0";
int f(const char *s)
{
	int n = lookup(ops, s);
	return n > 5 ? n : 0;
}
