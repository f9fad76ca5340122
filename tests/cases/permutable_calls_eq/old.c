static int next(void) { static int c = 3; c = c * 2 + 1; return c; }
int f(int x) { return x + next() + next(); }
