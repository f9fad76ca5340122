int logmode; void run(void);
int f(int x) { int y = logmode; run(); return logmode + x; }
