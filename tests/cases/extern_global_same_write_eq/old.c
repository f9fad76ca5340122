int logmode; int run(int);
int f(int x) { logmode = x; int r = run(x); logmode = 0; return r; }
