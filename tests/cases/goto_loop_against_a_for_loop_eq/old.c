/* A loop made with goto, entered in its middle (irreducible in the old version),
   against a while loop: proved by the unbounded engines (the bounded search
   does not unroll goto loops; the hang search after a proof skips them). */
int f(int n){ int i = 0; if (n > 5) goto mid; top: i++; mid: i += 2; if (i < n && i < 100) goto top; return i; }
