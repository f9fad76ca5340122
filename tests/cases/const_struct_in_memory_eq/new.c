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
	s->last = table + n;
	n = table[n].type;
	return n + (int)parse(str, &suffixes[0]);
}
