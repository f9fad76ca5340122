void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int f(int x, int y) { swap(&x, &y); return x * 3 + y; }
