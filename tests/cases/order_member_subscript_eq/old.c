struct B { int n; int a[4]; int m; };
void put(struct B *b, int v) { if (b->n >= 0 && b->n < 3) b->a[b->n++] = b->m + v; }
int test(int v) { static struct B b; put(&b, v); return b.n; }
