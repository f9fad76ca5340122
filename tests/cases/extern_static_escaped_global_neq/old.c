static int g; int *p = &g; void run(void);
int f(int x) { int y = g; run(); return g + x; }
