int logmode; int run(int);
int f(int x) { int r; logmode = x + 0; r = run(x); logmode = 0; return r; }
