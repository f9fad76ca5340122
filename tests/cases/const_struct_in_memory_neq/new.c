struct op { unsigned char num, type; };
static const struct op table[] = { {1, 2}, {3, 4}, {5, 6} };
struct st { const struct op *last; int k; };
int f(struct st *s, int n) {
	static const struct op none = { 9, 9 };
	s->last = &none;
	if (n < 0 || n > 2)
		return -1;
	s->last = table + n;
	return table[n].type + (n == 2);
}
