int tab[4]; void run(void);
int f(int x) { int y = tab[1]; run(); return y + x; }
