/* The same with a difference: no bounded search finds it (UNKNOWN, saying
   why), never an internal error. */
int f(int n){ int i = 0; if (n > 5) goto mid; top: i++; mid: i += 2; if (i < n && i < 100) goto top; return i; }
