void ext(int *p);
void ext2(void);
int f(int x) { int y = x; ext(&y); ext2(); return x; }
