/* BusyBox's `last_operator = &ops_table[n]` (test.c) and
   `xatoul_sfx(str, duration_suffixes)`: pointers to const structs stored in
   memory or passed to code we do not have. The heap copy holds the table's
   contents, so reading through the stored pointer equals reading the table.
   (A call without code may write any memory, constant copies included: the
   call comes after the reads.) */
struct op { unsigned char num, type; };
static const struct op table[] = { {1, 2}, {3, 4}, {5, 6} };
struct sfx { char suffix[4]; unsigned mult; };
static const struct sfx suffixes[] = { {"s", 1}, {"m", 60}, {"", 0} };
struct st { const struct op *last; int k; };
unsigned long parse(const char *s, const struct sfx *table);
int f(struct st *s, int n, const char *str) {
	static const struct op none = { 9, 9 };
	s->last = &none;
	if (n < 0 || n > 2)
		return -1;
	s->last = &table[n];
	n = s->last->type;
	return n + (int)parse(str, suffixes);
}
