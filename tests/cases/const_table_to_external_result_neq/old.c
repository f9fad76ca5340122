/* A const table passed to a function we do not have, whose answer is then
   compared: the witness's answer is the stub's for a call given the table's
   address. The compiled replay must answer for the program's own table (its
   real address), not for a copy in the witness's memory, or the stub misses,
   answers 0 and gcc shows both versions equal (the interpreter disagrees). */
int lookup(const char *table, const char *key);
static const char ops[] = "-r\0-w\0-x\0";
int f(const char *s)
{
	int n = lookup(ops, s);
	return n > 5 ? n : 0;
}
