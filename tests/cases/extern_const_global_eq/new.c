const int mode = 3; int logmode; void run(void);
int f(int x) { run(); return x + logmode + 3; }
