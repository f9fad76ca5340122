static int next(void) { static int c = 3; c = c * 2 + 1; return c; }
long f(int x) { long b = x; return next() + 2147483647 + b + next(); }
