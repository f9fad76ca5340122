/* `_Static_assert` in a function body is a compile-time check: no effect at run time. */
int f(int x) { return x * 2; }
