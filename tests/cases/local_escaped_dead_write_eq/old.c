void ext(int *p);
int f(int x) { int y = x; ext(&y); y = 5; return x; }
