struct item { int key; long value; };
long sum(struct item *a, int n) { long s = 0; for (int i = 0; i < n; i++) s += a[i].key; return s; }
