static int logmode; void run(void);
int f(int x) { logmode = 2; run(); logmode = 0; return x; }
