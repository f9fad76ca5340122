/* A pointer to a const struct (an element of a const table, a static const
   local) stored in memory: the object is copied into the heap at an address of
   its own, laid out as gcc does; the new version reads one more than the old
   for n == 2, a difference gcc shows too. */
struct op { unsigned char num, type; };
static const struct op table[] = { {1, 2}, {3, 4}, {5, 6} };
struct st { const struct op *last; int k; };
int f(struct st *s, int n) {
	static const struct op none = { 9, 9 };
	s->last = &none;
	if (n < 0 || n > 2)
		return -1;
	s->last = &table[n];
	return s->last->type;
}
