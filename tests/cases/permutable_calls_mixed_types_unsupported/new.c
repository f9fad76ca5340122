static int next(void) { static int c = 3; c = c * 2 + 1; return c; }
long f(int x) { long b = x; int a = next(); return a + 2147483647 + b + next(); }
