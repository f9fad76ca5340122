/* A volatile local (kept across longjmp) is the function's own: no assumption. */
int f(int x) { volatile int t = x; return t + t; }
